package corpus.jdk;

public class Emails {

    /** Whether the domain part starts with a capital letter. */
    public static boolean domainCapitalized(String email) {
        int at = email.indexOf('@');
        if (at < 0) {
            return false;
        }
        return Character.isUpperCase(Character.codePointAt(email, at + 1)); // @bug StringIndexOutOfBoundsException | Emails.domainCapitalized("bob@")
    }

    public static boolean domainCapitalizedIfAny(String email) {
        int at = email.indexOf('@');
        if (at < 0 || at + 1 >= email.length()) {
            return false;
        }
        return Character.isUpperCase(Character.codePointAt(email, at + 1)); // @safe
    }
}
