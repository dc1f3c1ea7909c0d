package dev.ldf.server.monitor;

/**
 * Whether the server takes traffic: {@code STARTING} until its start-up check has passed and it
 * listens, {@code READY} while it serves, {@code STOPPING} once a stop has begun (load balancers
 * then send new requests elsewhere while running ones finish). Thread-safe.
 */
public final class Readiness {

    public enum State { STARTING, READY, STOPPING }

    private volatile State state = State.STARTING;

    public State state() {
        return state;
    }

    public void ready() {
        state = State.READY;
    }

    public void stopping() {
        state = State.STOPPING;
    }
}
