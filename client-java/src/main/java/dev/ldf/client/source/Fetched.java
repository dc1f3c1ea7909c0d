package dev.ldf.client.source;

import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.page.Page;

/** A fetched page with the request that brought it, to ask for the page after it. */
public record Fetched(FragmentRequest request, Page page) {}
