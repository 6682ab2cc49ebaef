package dsd.agent;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * dsd's Java agent, loaded into every JVM that runs code under test ({@code -javaagent}): it makes
 * {@code Runtime.exit} (and so {@code System.exit}), {@code Runtime.halt}, {@code ProcessBuilder.start}
 * and {@code Thread.start} call {@link DsdHook} first, on every JDK from 17 on, with or without a
 * security manager.
 *
 * <p>The edit is made on the class file's bytes, with no library: each method's code gets four
 * bytes in front ({@code iload_1} or {@code nop}, then {@code invokestatic}), and what names code
 * offsets moves with it: the exception table, the line and local variable tables, the first frame
 * of the stack map. Four bytes keep {@code tableswitch} and {@code lookupswitch} aligned. A method
 * whose code carries another attribute naming offsets is refused, and so the JVM does not start.
 */
public final class DsdAgent {
    private DsdAgent() {}

    /** One method to patch, and the hook it calls with or without its {@code int} argument. */
    private static final class Target {
        final String className;
        final String name;
        final String descriptor;
        final String hook;
        final boolean passInt;

        Target(String className, String name, String descriptor, String hook, boolean passInt) {
            this.className = className;
            this.name = name;
            this.descriptor = descriptor;
            this.hook = hook;
            this.passInt = passInt;
        }
    }

    private static final String HOOK = "dsd/agent/DsdHook";

    private static final Target[] TARGETS = {
        new Target("java/lang/Runtime", "exit", "(I)V", "onExit", true),
        new Target("java/lang/Runtime", "halt", "(I)V", "onHalt", true),
        new Target("java/lang/ProcessBuilder", "start", "()Ljava/lang/Process;", "onProcess", false),
        new Target("java/lang/Thread", "start", "()V", "onThread", false),
    };

    public static void premain(String args, Instrumentation instrumentation) throws Exception {
        Class<?> hook = Class.forName(HOOK.replace('/', '.'), true, null);
        instrumentation.redefineModule(Object.class.getModule(), Set.of(hook.getModule()), Map.of(), Map.of(),
                Set.of(), Map.of());
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        ClassFileTransformer transformer = new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined,
                    ProtectionDomain domain, byte[] original) {
                if (loader != null) {
                    return null;
                }
                try {
                    return patch(name, original);
                } catch (Throwable t) {
                    failures.add(t);
                    return null;
                }
            }
        };
        instrumentation.addTransformer(transformer, true);
        instrumentation.retransformClasses(Runtime.class, ProcessBuilder.class, Thread.class);
        instrumentation.removeTransformer(transformer);
        if (!failures.isEmpty()) {
            throw new IllegalStateException("dsd's agent cannot patch the JDK's classes", failures.get(0));
        }
    }

    /** The class file with the targets of {@code className} patched; null when it has none. */
    static byte[] patch(String className, byte[] bytes) throws IOException {
        List<Target> targets = new ArrayList<>();
        for (Target t : TARGETS) {
            if (t.className.equals(className)) {
                targets.add(t);
            }
        }
        if (targets.isEmpty()) {
            return null;
        }
        return new Patcher(bytes).patch(targets);
    }

    /** One pass over a class file, copying it with the targets' code moved. */
    private static final class Patcher {
        private final ByteBuffer in;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(buffer);
        private final List<String> utf8 = new ArrayList<>();
        private int poolCount;
        private final ByteArrayOutputStream extraPool = new ByteArrayOutputStream();
        private final DataOutputStream extra = new DataOutputStream(extraPool);

        Patcher(byte[] bytes) {
            in = ByteBuffer.wrap(bytes);
        }

        byte[] patch(List<Target> targets) throws IOException {
            int magic = in.getInt();
            int minor = u2();
            int major = u2();
            poolCount = u2();
            int poolStart = in.position();
            utf8.add(null);
            for (int i = 1; i < poolCount; i++) {
                int tag = in.get() & 0xff;
                String text = null;
                switch (tag) {
                    case 1: {
                        int length = u2();
                        byte[] b = new byte[length];
                        in.get(b);
                        text = new String(b, StandardCharsets.UTF_8);
                        break;
                    }
                    case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                        skip(4);
                        break;
                    case 5: case 6:
                        skip(8);
                        utf8.add(null);
                        i++;
                        break;
                    case 7: case 8: case 16: case 19: case 20:
                        skip(2);
                        break;
                    case 15:
                        skip(3);
                        break;
                    default:
                        throw new IOException("unknown constant pool tag " + tag);
                }
                utf8.add(text);
            }
            byte[] pool = slice(poolStart, in.position());
            int hookClass = classEntry(HOOK);
            int[] hookRefs = new int[targets.size()];
            for (int t = 0; t < targets.size(); t++) {
                Target target = targets.get(t);
                hookRefs[t] = methodRef(hookClass, target.hook, target.passInt ? "(I)V" : "()V");
            }
            ByteArrayOutputStream rest = new ByteArrayOutputStream();
            DataOutputStream body = new DataOutputStream(rest);
            body.write(slice(in.position(), in.position() + 6)); // access, this, super
            skip(6);
            int interfaces = u2();
            body.writeShort(interfaces);
            body.write(slice(in.position(), in.position() + 2 * interfaces));
            skip(2 * interfaces);
            int fields = u2();
            body.writeShort(fields);
            for (int f = 0; f < fields; f++) {
                body.write(slice(in.position(), in.position() + 6));
                skip(6);
                copyAttributes(body);
            }
            int methods = u2();
            body.writeShort(methods);
            int patched = 0;
            for (int m = 0; m < methods; m++) {
                int access = u2();
                int name = u2();
                int descriptor = u2();
                body.writeShort(access);
                body.writeShort(name);
                body.writeShort(descriptor);
                int which = -1;
                for (int t = 0; t < targets.size(); t++) {
                    if (targets.get(t).name.equals(utf8.get(name)) && targets.get(t).descriptor.equals(utf8.get(descriptor))) {
                        which = t;
                    }
                }
                int attributes = u2();
                body.writeShort(attributes);
                for (int a = 0; a < attributes; a++) {
                    int attrName = u2();
                    int length = in.getInt();
                    if (which >= 0 && "Code".equals(utf8.get(attrName))) {
                        byte[] code = patchCode(length, targets.get(which).passInt, hookRefs[which]);
                        body.writeShort(attrName);
                        body.writeInt(code.length);
                        body.write(code);
                        patched++;
                    } else {
                        body.writeShort(attrName);
                        body.writeInt(length);
                        body.write(slice(in.position(), in.position() + length));
                        skip(length);
                    }
                }
            }
            if (patched != targets.size()) {
                throw new IOException("found " + patched + " of " + targets.size() + " methods to patch in " + targets.get(0).className);
            }
            copyAttributes(body);
            out.writeInt(magic);
            out.writeShort(minor);
            out.writeShort(major);
            out.writeShort(poolCount);
            out.write(pool);
            out.write(extraPool.toByteArray());
            out.write(rest.toByteArray());
            return buffer.toByteArray();
        }

        /** A Code attribute's body with the call to the hook in front. */
        private byte[] patchCode(int length, boolean passInt, int hookRef) throws IOException {
            int end = in.position() + length;
            ByteArrayOutputStream codeBytes = new ByteArrayOutputStream();
            DataOutputStream code = new DataOutputStream(codeBytes);
            int maxStack = u2();
            code.writeShort(Math.max(maxStack, 1));
            code.writeShort(u2()); // max_locals
            int codeLength = in.getInt();
            code.writeInt(codeLength + 4);
            code.writeByte(passInt ? 0x1b : 0x00); // iload_1 or nop
            code.writeByte(0xb8); // invokestatic
            code.writeShort(hookRef);
            code.write(slice(in.position(), in.position() + codeLength));
            skip(codeLength);
            int handlers = u2();
            code.writeShort(handlers);
            for (int h = 0; h < handlers; h++) {
                code.writeShort(u2() + 4);
                code.writeShort(u2() + 4);
                code.writeShort(u2() + 4);
                code.writeShort(u2());
            }
            int attributes = u2();
            code.writeShort(attributes);
            for (int a = 0; a < attributes; a++) {
                int nameIndex = u2();
                int attrLength = in.getInt();
                code.writeShort(nameIndex);
                byte[] moved = moveOffsets(utf8.get(nameIndex), attrLength);
                code.writeInt(moved.length);
                code.write(moved);
            }
            if (in.position() != end) {
                throw new IOException("malformed Code attribute");
            }
            return codeBytes.toByteArray();
        }

        /** A Code attribute's own attribute with its code offsets moved by four. */
        private byte[] moveOffsets(String name, int length) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream attr = new DataOutputStream(bytes);
            int count;
            switch (name) {
                case "LineNumberTable":
                    count = u2();
                    attr.writeShort(count);
                    for (int i = 0; i < count; i++) {
                        attr.writeShort(u2() + 4);
                        attr.writeShort(u2());
                    }
                    break;
                case "LocalVariableTable":
                case "LocalVariableTypeTable":
                    count = u2();
                    attr.writeShort(count);
                    for (int i = 0; i < count; i++) {
                        attr.writeShort(u2() + 4);
                        attr.write(slice(in.position(), in.position() + 8));
                        skip(8);
                    }
                    break;
                case "StackMapTable": {
                    int start = in.position();
                    count = u2();
                    attr.writeShort(count);
                    if (count > 0) {
                        int type = in.get() & 0xff;
                        if (type < 64 - 4) {
                            attr.writeByte(type + 4);
                        } else if (type < 64) {
                            attr.writeByte(251); // same_frame_extended
                            attr.writeShort(type + 4);
                        } else if (type < 128 - 4) {
                            attr.writeByte(type + 4);
                        } else if (type < 128) {
                            attr.writeByte(247); // same_locals_1_stack_item_frame_extended
                            attr.writeShort(type - 64 + 4);
                        } else if (type >= 247) {
                            attr.writeByte(type);
                            attr.writeShort(u2() + 4);
                        } else {
                            throw new IOException("unknown stack map frame type " + type);
                        }
                    }
                    int rest = length - (in.position() - start);
                    attr.write(slice(in.position(), in.position() + rest));
                    skip(rest);
                    break;
                }
                default:
                    throw new IOException("cannot move the offsets of a " + name + " attribute");
            }
            return bytes.toByteArray();
        }

        private void copyAttributes(DataOutputStream body) throws IOException {
            int attributes = u2();
            body.writeShort(attributes);
            for (int a = 0; a < attributes; a++) {
                body.writeShort(u2());
                int length = in.getInt();
                body.writeInt(length);
                body.write(slice(in.position(), in.position() + length));
                skip(length);
            }
        }

        private int utf8Entry(String text) throws IOException {
            int at = utf8.indexOf(text);
            if (at > 0) {
                return at;
            }
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            extra.writeByte(1);
            extra.writeShort(b.length);
            extra.write(b);
            return add(text);
        }

        private int classEntry(String name) throws IOException {
            int utf = utf8Entry(name);
            extra.writeByte(7);
            extra.writeShort(utf);
            return add(null);
        }

        private int methodRef(int owner, String name, String descriptor) throws IOException {
            int n = utf8Entry(name);
            int d = utf8Entry(descriptor);
            extra.writeByte(12);
            extra.writeShort(n);
            extra.writeShort(d);
            int nameAndType = add(null);
            extra.writeByte(10);
            extra.writeShort(owner);
            extra.writeShort(nameAndType);
            return add(null);
        }

        private int add(String text) {
            utf8.add(text);
            return poolCount++;
        }

        private int u2() {
            return in.getShort() & 0xffff;
        }

        private void skip(int n) {
            in.position(in.position() + n);
        }

        private byte[] slice(int from, int to) {
            byte[] b = new byte[to - from];
            System.arraycopy(in.array(), from, b, 0, b.length);
            return b;
        }
    }
}
