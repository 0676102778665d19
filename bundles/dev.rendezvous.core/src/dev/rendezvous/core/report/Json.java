package dev.rendezvous.core.report;

/** A minimal JSON writer (the engine has no third-party dependencies). */
final class Json {
    private final StringBuilder b = new StringBuilder();
    private final boolean[] first = new boolean[64];
    private int depth;

    Json() {
        first[0] = true;
    }

    Json open(char c) {
        comma();
        b.append(c);
        first[++depth] = true;
        return this;
    }

    Json close(char c) {
        depth--;
        b.append(c);
        return this;
    }

    Json key(String k) {
        comma();
        str(k);
        b.append(':');
        first[depth] = true; // the value that follows needs no comma
        return this;
    }

    Json value(String s) {
        comma();
        if (s == null) b.append("null");
        else str(s);
        return this;
    }

    Json value(long n) {
        comma();
        b.append(n);
        return this;
    }

    Json raw(String s) {
        comma();
        b.append(s);
        return this;
    }

    private void comma() {
        if (!first[depth]) b.append(',');
        first[depth] = false;
    }

    private void str(String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        b.append('"');
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
