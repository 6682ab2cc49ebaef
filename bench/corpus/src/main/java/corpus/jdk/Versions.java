package corpus.jdk;

public class Versions {

    /** "17.0.2" gives "17". */
    public static String major(String version) {
        return version.substring(0, version.indexOf('.')); // @bug StringIndexOutOfBoundsException | Versions.major("21")
    }

    /** "17.0.2" gives "17", "21" gives "21". */
    public static String majorOrWhole(String version) {
        int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot); // @safe
    }
}
