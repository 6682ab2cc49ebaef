package corpus.loops;

/** Prints the lower triangle of a matrix. */
public class Triangle {

    public static int printLower(int[][] m) {
        int printed = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j <= i; j++) {
                System.out.print(m[i][j] + " "); // @bug ArrayIndexOutOfBoundsException | Triangle.printLower(new int[][] {{1}, {2}, {3, 4}})
                printed++;
            }
            System.out.println();
        }
        return printed;
    }

    /** Works on jagged matrices too: short rows are printed whole. */
    public static int printLowerJagged(int[][] m) {
        int printed = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j <= i && j < m[i].length; j++) {
                System.out.print(m[i][j] + " "); // @safe
                printed++;
            }
            System.out.println();
        }
        return printed;
    }
}
