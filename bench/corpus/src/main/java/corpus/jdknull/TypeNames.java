package corpus.jdknull;

public class TypeNames {

    /** Simple name of the class the object's class extends. */
    public static String parentOf(Object value) {
        return value.getClass().getSuperclass().getSimpleName(); // @bug NullPointerException | TypeNames.parentOf(new Object())
    }

    public static String parentOrSelf(Object value) {
        Class<?> parent = value.getClass().getSuperclass();
        return parent == null ? value.getClass().getSimpleName() : parent.getSimpleName(); // @safe
    }
}
