package dev.ldf.server.preemption;

import org.apache.jena.query.ARQ;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.function.FunctionEnv;
import org.apache.jena.sparql.function.FunctionEnvBase;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.NodeFactoryExtra;

/** Where the engine's expressions are evaluated: Jena's functions, with the time NOW() gives. */
final class Functions {

    private Functions() {}

    /**
     * An environment whose NOW() is the present moment, the same for every expression that uses
     * it: one per quantum (a query resumed later sees a later NOW()), or per complete answer's groups.
     */
    static FunctionEnv environment() {
        Context context = ARQ.getContext().copy();
        context.set(ARQConstants.sysCurrentTime, NodeFactoryExtra.nowAsDateTime());
        return new FunctionEnvBase(context);
    }
}
