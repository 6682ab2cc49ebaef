package corpus.jdknull;

/** Feature switches given as system properties, e.g. -Dfeature.search=on. */
public class FeatureFlags {

    public static boolean isOn(String feature) {
        String key = "feature." + feature;
        return System.getProperty(key).equalsIgnoreCase("on"); // @bug NullPointerException | FeatureFlags.isOn("corpus-never-set")
    }

    public static boolean isOnOrOff(String feature) {
        String key = "feature." + feature;
        return "on".equalsIgnoreCase(System.getProperty(key)); // @safe
    }

    /** Length of the configured banner text. */
    public static int bannerWidth(String app) {
        String banner = System.getProperty(app + ".banner");
        return banner.length(); // @bug NullPointerException | FeatureFlags.bannerWidth("corpus-no-app")
    }

    public static int bannerWidthOrZero(String app) {
        String banner = System.getProperty(app + ".banner", "");
        return banner.length(); // @safe
    }
}
