package dev.ldf.client.cli;

import java.security.NoSuchAlgorithmException;
import javax.net.ssl.SSLContext;

import org.apache.jena.sys.JenaSystem;

/**
 * The two slow parts of a query process's start, begun on threads of their own as soon as it
 * starts, while the main thread reads the call: Jena's initialisation (its subsystems and function
 * registries) and the JDK's default TLS context (which reads the trusted certificates; the HTTP
 * client asks for it when it is built, for http:// sources too). The TLS context is made once,
 * under a lock, whoever asks first. Jena is different: a class of it first touched on the main
 * thread while the other initialises it could deadlock in the JVM's class initialisation, so the
 * main thread waits for Jena ({@link #awaitJena}) before it touches any of it.
 */
final class BackgroundStart {

    private static volatile Thread jena;

    private BackgroundStart() {}

    static void begin() {
        jena = start("jena-init", JenaSystem::init);
        start("tls-init", () -> {
            try {
                SSLContext.getDefault();
            } catch (NoSuchAlgorithmException e) {
                // The HTTP client reports it, when it needs TLS.
            }
        });
    }

    /** Returns once Jena is initialised, if {@link #begin} started it (otherwise at once). */
    static void awaitJena() {
        Thread t = jena;
        if (t != null) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Thread start(String name, Runnable work) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
