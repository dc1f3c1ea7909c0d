package dev.ldf.client.join;

import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.http.FragmentException;

/**
 * Bindings made by a recursive producer on a thread of its own, handed over through a bounded
 * queue, so that results stream out while the producer works. Closing stops the producer.
 */
final class ProducerIterator implements IteratorCloseable<Binding> {

    private static final Object END = new Object();

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(1024);
    private final Thread thread;
    private Object next;
    private boolean done;

    ProducerIterator(String name, Consumer<Consumer<Binding>> producer) {
        thread = new Thread(() -> {
            Object last = END;
            try {
                producer.accept(this::put);
            } catch (ClosedException e) {
                return;
            } catch (RuntimeException e) {
                last = e;
            }
            try {
                queue.put(last);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void put(Binding binding) {
        try {
            queue.put(binding);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClosedException();
        }
    }

    @Override
    public boolean hasNext() {
        if (next != null) {
            return true;
        }
        if (done) {
            return false;
        }
        try {
            Object item = queue.take();
            if (item == END) {
                done = true;
                return false;
            }
            if (item instanceof RuntimeException e) {
                done = true;
                throw e;
            }
            next = item;
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FragmentException("Interrupted while waiting for results", e);
        }
    }

    @Override
    public Binding next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Binding b = (Binding) next;
        next = null;
        return b;
    }

    @Override
    public void close() {
        done = true;
        thread.interrupt();
        queue.clear();
        // Wakes a consumer blocked in hasNext() on another thread (an ARQ timeout cancels this way).
        queue.offer(END);
    }

    /** Thrown inside the producer when the consumer has gone. */
    private static final class ClosedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClosedException() {
            super(null, null, false, false);
        }
    }
}
