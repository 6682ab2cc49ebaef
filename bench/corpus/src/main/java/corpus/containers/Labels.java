package corpus.containers;

/** Column labels for a table header. */
public class Labels {

    public static int width(String title, boolean compact) {
        Holder<String> label = new Holder<>();
        if (!compact) {
            label.set(title.trim());
        } else if (title.length() > 3) {
            label.set(title.substring(0, 3));
        }
        return label.get().length(); // @bug NullPointerException | Labels.width("Id", true)
    }

    public static int widthShortOk(String title, boolean compact) {
        Holder<String> label = new Holder<>();
        if (!compact) {
            label.set(title.trim());
        } else if (title.length() > 3) {
            label.set(title.substring(0, 3));
        } else {
            label.set(title);
        }
        return label.get().length(); // @safe
    }
}
