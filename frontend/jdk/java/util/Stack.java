package java.util;

/** A stack: a Vector whose `pop` and `peek` throw EmptyStackException when it is empty. */
public class Stack<E> extends Vector<E> {
    public Stack() {
    }

    public E push(E item) {
        elementCount++;
        return item;
    }

    public E pop() {
        if (elementCount == 0) {
            throw new EmptyStackException();
        }
        elementCount--;
        return anElement();
    }

    public E peek() {
        if (elementCount == 0) {
            throw new EmptyStackException();
        }
        return anElement();
    }

    public boolean empty() {
        return elementCount == 0;
    }
}
