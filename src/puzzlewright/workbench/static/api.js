// Shared by every room: JSON calls to the workbench API and job event streams.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function call(path, body) {
  const options = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError(0, "the workbench server is not reachable");
  }
  let doc = null;
  try {
    doc = await response.json();
  } catch (err) {
    doc = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (doc && doc.error) || `HTTP ${response.status}`);
  }
  return doc;
}

// Follow a job's events (server-sent events); onEvent(event) for each, until "end".
// Returns a function that stops listening (it does not cancel the job).
export function follow(jobId, onEvent) {
  let seen = 0;
  let closed = false;
  const source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`);
  source.onmessage = (message) => {
    seen += 1;
    const event = JSON.parse(message.data);
    if (event.type === "end") {
      closed = true;
      source.close();
    }
    onEvent(event);
  };
  source.onerror = () => {
    if (closed) return;
    source.close();
    // the stream broke: fall back to polling from where we were
    const poll = async () => {
      if (closed) return;
      try {
        const job = await call(`/api/jobs/${encodeURIComponent(jobId)}?since=${seen}`);
        for (const event of job.events) {
          seen += 1;
          if (event.type === "end") closed = true;
          onEvent(event);
        }
      } catch (err) {
        closed = true;
        onEvent({ type: "end", status: "error", error: err.message });
      }
      if (!closed) setTimeout(poll, 300);
    };
    poll();
  };
  return () => {
    closed = true;
    source.close();
  };
}

export async function cancelJob(jobId) {
  try {
    return await call(`/api/jobs/${encodeURIComponent(jobId)}/cancel`, {});
  } catch (err) {
    return null;
  }
}

// The header's status line; `kind` "warn" or "error" makes it stand out. Each new message
// flashes once, so a person notices that something happened.
export function setStatus(text, kind = "") {
  const node = document.getElementById("status");
  if (!node) return;
  node.textContent = text;
  node.dataset.kind = kind;
  node.classList.remove("flash");
  void node.offsetWidth;  // restart the animation
  if (text) node.classList.add("flash");
}
