package dev.rendezvous.core.report;

import java.util.List;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.TextEdit;

/** The CLI's JSON output: the public contract of ARCHITECTURE.md (fields may be added, never renamed). */
public final class JsonReport {
    private JsonReport() {}

    public static String render(List<FileReport> files) {
        Json j = new Json();
        j.open('{').key("tool").value("rendezvous").key("version").value(Rendezvous.VERSION).key("runs").open('[');
        for (FileReport f : files) {
            for (RunReport r : f.runs()) run(j, r);
        }
        j.close(']').close('}');
        return j.toString();
    }

    private static void run(Json j, RunReport r) {
        j.open('{').key("file").value(r.file()).key("np").value(r.np()).key("findings").open('[');
        for (Finding f : r.findings()) finding(j, f);
        j.close(']');
        if (!r.suppressed().isEmpty()) {
            // findings the user silenced in the source (@SuppressWarnings("rendezvous:..."), // rendezvous:ignore)
            j.key("suppressed").open('[');
            for (var s : r.suppressed()) {
                j.open('{').key("by").value(s.how()).key("finding");
                finding(j, s.finding());
                j.close('}');
            }
            j.close(']');
        }
        if (r.buffers() != null) {
            j.key("buffers").open('{').key("model").value("receive").key("nonblocking");
            ints(j, r.buffers().receiveModel());
            j.key("minimumSafe");
            if (r.buffers().minimumSafe() == null) j.raw("null");
            else ints(j, r.buffers().minimumSafe());
            j.key("sendModel").open('{').key("nonblocking");
            ints(j, r.buffers().sendModel());
            j.close('}').close('}');
        }
        if (!r.dummyIntervals().isEmpty()) {
            j.key("dummyIntervals").open('[');
            for (var d : r.dummyIntervals()) {
                j.open('{').key("from").value(d.from()).key("to").value(d.to()).key("propagation")
                        .raw(d.propagation() == null ? "null" : d.propagation().toString()).key("nonPropagation")
                        .raw(d.nonPropagation() == null ? "null" : d.nonPropagation().toString()).key("capacity").raw(Long.toString(d.capacity())).close('}');
            }
            j.close(']');
        }
        if (r.logp() != null) {
            var l = r.logp();
            var pa = l.params();
            j.key("logp").open('{').key("L").value(pa.L()).key("o").value(pa.o()).key("G").value(pa.G()).key("delta").value(pa.delta())
                    .key("capacity").value(pa.capacity()).key("makespan").value(l.makespan()).key("stallTime");
            j.open('[');
            for (long x : l.stallTime()) j.value(x);
            j.close(']');
            j.key("stalls").open('[');
            for (var s : l.stalls()) {
                j.open('{').key("line").value(s.send().site().line()).key("rank").value(s.send().rank()).key("destination")
                        .value(s.destination()).key("inFlight").value(s.inFlight()).key("capacity").value(s.capacity()).close('}');
            }
            j.close(']');
            j.key("bsp").open('{').key("g").value(pa.g()).key("l").value(pa.l()).key("supersteps").open('[');
            for (var st : l.supersteps()) j.open('{').key("w").value(st.w()).key("h").value(st.h()).key("cost").value(st.cost()).close('}');
            j.close(']').key("cost").value(l.bspCost()).close('}');
            j.close('}');
        }
        j.key("verdict").value(r.verdict().runId());
        j.key("millis").value(r.millis());
        j.close('}');
    }

    private static void ints(Json j, int[] xs) {
        j.open('[');
        for (int x : xs) j.value(x);
        j.close(']');
    }

    private static void finding(Json j, Finding f) {
        j.open('{').key("kind").value(f.kind().id()).key("severity").value(f.severity().id())
                .key("verdict").value(f.verdict().id()).key("message").value(f.message())
                .key("line").value(f.range() == null ? 0 : f.range().line());
        if (f.range() != null) j.key("start").value(f.range().start()).key("end").value(f.range().end());
        j.key("ranks").open('[');
        for (int r : f.ranks()) j.value(r);
        j.close(']');
        j.key("related").open('[');
        for (Related rel : f.related()) {
            j.open('{').key("file").value(rel.range().file()).key("line").value(rel.range().line()).key("rank").value(rel.rank())
                    .key("message").value(rel.message()).close('}');
        }
        j.close(']');
        if (!f.witness().isEmpty()) j.key("witness").value(f.witness());
        if (!f.fixes().isEmpty()) {
            j.key("fixes").open('[');
            for (Fix fix : f.fixes()) {
                j.open('{').key("label").value(fix.label()).key("edits").open('[');
                for (TextEdit e : fix.edits()) {
                    j.open('{').key("offset").value(e.offset()).key("length").value(e.length()).key("text").value(e.text()).close('}');
                }
                j.close(']').close('}');
            }
            j.close(']');
        }
        j.close('}');
    }
}
