package java.text;

/**
 * Where a parse starts and where it stopped: two numbers a parser reads and sets. The
 * JDK checks neither (`new ParsePosition(-1)` is a position; a parser indexing its text
 * there fails).
 */
public class ParsePosition {
    int index;
    int errorIndex = -1;

    public ParsePosition(int index) {
        this.index = index;
    }

    public int getIndex() {
        return index;
    }

    public void setIndex(int index) {
        this.index = index;
    }

    public void setErrorIndex(int ei) {
        errorIndex = ei;
    }

    public int getErrorIndex() {
        return errorIndex;
    }
}
