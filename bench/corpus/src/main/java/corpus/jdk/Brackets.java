package corpus.jdk;

public class Brackets {

    /** Text between the first '[' and the first ']'. */
    public static String inner(String s) {
        int open = s.indexOf('[');
        int close = s.indexOf(']');
        if (open < 0 || close < 0) {
            return "";
        }
        return s.substring(open + 1, close); // @bug StringIndexOutOfBoundsException | Brackets.inner("a]b[c")
    }

    public static String innerOrdered(String s) {
        int open = s.indexOf('[');
        int close = s.indexOf(']', open + 1);
        if (open < 0 || close < 0) {
            return "";
        }
        return s.substring(open + 1, close); // @safe
    }
}
