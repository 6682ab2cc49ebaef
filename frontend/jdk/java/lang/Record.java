package java.lang;

public abstract class Record {
}
