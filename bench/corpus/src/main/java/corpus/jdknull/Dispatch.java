package corpus.jdknull;

import java.util.ArrayDeque;
import java.util.Queue;

/** Picks the first urgent job (priority above 7). */
public class Dispatch {

    public static int firstUrgentCost(int[] priorities) {
        Queue<Integer> urgent = new ArrayDeque<>();
        for (int p : priorities) {
            if (p > 7) {
                urgent.add(p);
            }
        }
        return urgent.poll() * 10; // @bug NullPointerException | Dispatch.firstUrgentCost(new int[] {1, 5})
    }

    public static int firstUrgentCostOrZero(int[] priorities) {
        Queue<Integer> urgent = new ArrayDeque<>();
        for (int p : priorities) {
            if (p > 7) {
                urgent.add(p);
            }
        }
        Integer head = urgent.poll();
        return head == null ? 0 : head * 10; // @safe
    }
}
