package java.io;

public class PrintStream {
    public native void println(Object o);

    public native void println(String s);

    public native void println(int i);

    public native void println();

    public native void print(Object o);

    public native void print(String s);
}
