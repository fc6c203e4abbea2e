package hexforge.harness;

import java.util.List;
import java.util.Map;

/** Writes the report (maps, lists, strings, numbers, booleans, null) as JSON text. */
final class Json {
  private Json() {}

  static String write(Object value) {
    final StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  private static void append(StringBuilder out, Object value) {
    if (value == null) out.append("null");
    else if (value instanceof String) string(out, (String) value);
    else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) out.append(value);
    else if (value instanceof Number) {
      final double d = ((Number) value).doubleValue();
      out.append(Double.isFinite(d) ? Double.toString(d) : "null");
    }
    else if (value instanceof Map) {
      out.append('{');
      boolean first = true;
      for (final Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        if (!first) out.append(',');
        first = false;
        string(out, String.valueOf(e.getKey()));
        out.append(':');
        append(out, e.getValue());
      }
      out.append('}');
    }
    else if (value instanceof List) {
      out.append('[');
      boolean first = true;
      for (final Object item : (List<?>) value) {
        if (!first) out.append(',');
        first = false;
        append(out, item);
      }
      out.append(']');
    }
    else string(out, String.valueOf(value));
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      final char c = s.charAt(i);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
      }
    }
    out.append('"');
  }
}
