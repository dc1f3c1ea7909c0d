-- wrk script of ldf-experiments server-bench: sends the paths of a file (one per line) round
-- robin, each thread from its own starting point, and prints one machine-readable summary line.
local paths = {}
local next_index = 1
local thread_count = 0

function setup(thread)
  thread:set("id", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  -- Threads start at different places so that they do not ask for the same path at once.
  next_index = (math.floor(#paths * id / 8) % #paths) + 1
end

function request()
  local path = paths[next_index]
  next_index = next_index % #paths + 1
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "LDF-BENCH requests=%d duration_us=%d bytes=%d status_errors=%d connect_errors=%d read_errors=%d " ..
    "write_errors=%d timeouts=%d p50_us=%d p95_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration, summary.bytes, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
