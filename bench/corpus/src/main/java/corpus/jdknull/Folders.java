package corpus.jdknull;

import java.io.File;

public class Folders {

    /** Name of the folder that holds the file. */
    public static String folderOf(String path) {
        return new File(path).getParentFile().getName(); // @bug NullPointerException | Folders.folderOf("report.txt")
    }

    public static String folderOrBlank(String path) {
        File parent = new File(path).getParentFile();
        return parent == null ? "" : parent.getName(); // @safe
    }

    /** How many entries a directory holds. */
    public static int entryCount(String dir) {
        File[] entries = new File(dir).listFiles();
        return entries.length; // @bug NullPointerException | Folders.entryCount("/corpus/does/not/exist")
    }

    public static int entryCountOrZero(String dir) {
        File[] entries = new File(dir).listFiles();
        return entries == null ? 0 : entries.length; // @safe
    }
}
