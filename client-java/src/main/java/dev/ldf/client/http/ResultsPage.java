package dev.ldf.client.http;

import java.util.List;

import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * One quantum's answer from a preemptive endpoint.
 *
 * @param next  the continuation token, null when the query is complete
 * @param bytes bytes received on the wire
 */
public record ResultsPage(List<Var> vars, List<Binding> solutions, String next, long bytes) {}
