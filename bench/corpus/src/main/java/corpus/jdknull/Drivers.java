package corpus.jdknull;

import java.util.Properties;

/** JDBC driver class names by database kind. */
public class Drivers {

    private static Properties known() {
        Properties p = new Properties();
        p.setProperty("postgres", "org.postgresql.Driver ");
        p.setProperty("h2", "org.h2.Driver");
        p.setProperty("sqlite", "org.sqlite.JDBC");
        return p;
    }

    public static String driverFor(String kind) {
        Properties drivers = known();
        return drivers.getProperty(kind).trim(); // @bug NullPointerException | Drivers.driverFor("oracle")
    }

    public static String driverOrBlank(String kind) {
        Properties drivers = known();
        return drivers.getProperty(kind, "").trim(); // @safe
    }
}
