package corpus.loops;

/** Turns flat r,g,b component arrays into CSS colours. */
public class Palette {

    public static String css(int[] components) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < components.length; i += 3) {
            out.append(String.format("#%02x%02x%02x ", components[i], components[i + 1], components[i + 2])); // @bug ArrayIndexOutOfBoundsException | Palette.css(new int[] {255, 0, 0, 12})
        }
        return out.toString().trim();
    }

    /** Ignores a trailing incomplete colour. */
    public static String cssWhole(int[] components) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i + 2 < components.length; i += 3) {
            out.append(String.format("#%02x%02x%02x ", components[i], components[i + 1], components[i + 2])); // @safe
        }
        return out.toString().trim();
    }
}
