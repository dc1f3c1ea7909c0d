package dev.ldf.server.preemption;

import dev.ldf.server.preemption.PreemptableQuery.Part;

/** How an operator over parts of a query (a join, a union) gets the operators of those parts. */
interface SubPlans {

    /** The operator of {@code part}, started, with the bindings of {@code base}. */
    Operator start(Part part, Row base);

    /** The operator of {@code part}, restored from a saved state. */
    Operator resume(Part part, Row base, PlanState.Reader in) throws InvalidTokenException;
}
