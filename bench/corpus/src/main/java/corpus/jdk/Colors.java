package corpus.jdk;

/** Colours round-tripped through their CSS hex form. */
public class Colors {

    public static String css(int argb) {
        return "#" + Integer.toHexString(argb);
    }

    /** The colour a stylesheet would get back for argb. */
    public static int viaCss(int argb) {
        return Integer.decode(css(argb)); // @bug NumberFormatException | Colors.viaCss(0xFF336699)
    }

    /** Same, for the colour without its alpha. */
    public static int opaqueViaCss(int argb) {
        return Integer.decode(css(argb & 0xFFFFFF)); // @safe
    }
}
