package dev.ldf.server.preemption;

/**
 * One node of a running plan: produces solutions one at a time until its quantum ends, and saves
 * where it stands so that the same node, built again over the same input, continues from there.
 *
 * <p>A node that has just produced a solution saves that fact, and on resume holds that solution
 * again as its {@link #current()}: a join rebuilds its inner side from it.
 */
interface Operator {

    /** What {@link #next} did. */
    enum Step { SOLUTION, DONE, SUSPENDED }

    /** Begins from the first solution. */
    void start();

    /** Continues from where {@link #save} stood, instead of {@link #start()}. */
    void restore(PlanState.Reader in) throws InvalidTokenException;

    /** Works towards the next solution while {@code quantum} allows. */
    Step next(Quantum quantum);

    /** The last solution; valid after {@link Step#SOLUTION}, and after a resume saved there. */
    Row current();

    /** Writes what a resume needs. */
    void save(PlanState.Writer out);
}
