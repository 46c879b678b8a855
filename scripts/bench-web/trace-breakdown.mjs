// Where the time of one reopened-app visit went, from a Chromium trace recorded over CDP:
// the page's main thread between navigation start and the first card painted, split by what
// it was doing (self time of the innermost known event), the time it sat waiting, the fetches
// it made, and the app's own `fleet:` User Timing marks.

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'blink.resource',
  'loading',
  'navigation',
];

const EVALUATE = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.run',
  'v8.callFunction',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
]);
const STYLE_LAYOUT = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'Layout', 'HitTest']);
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer', 'PaintImage', 'Decode Image']);
/** The renderer's side of a navigation: the new document, window and script context. */
const COMMIT = 'RenderFrameImpl::CommitNavigation';
/** Rows in print order; an event of no group counts for its parent's. */
const GROUPS = [
  ['document commit (new document and script context)', (name) => name === COMMIT],
  ['HTML parse', (name) => name === 'ParseHTML'],
  [
    'script compile',
    (name) =>
      /^(v8\.(compile|compileModule|produceCache|produceModuleCache|streamingCompile)|V8\.(Compile|Parse|StreamingFinalization|CollectSourcePositions)|FlushInstructionCache$)/.test(
        name,
      ),
  ],
  ['script evaluate', (name) => EVALUATE.has(name)],
  // Mostly the img `src` the render sets: each one starts a fetch on the main thread.
  ['resource requests started (img src, fetch)', (name) => name === 'ResourceFetcher::requestResource'],
  ['garbage collection', (name) => /GC|Scavenge|MarkCompact/.test(name)],
  ['style & layout', (name) => STYLE_LAYOUT.has(name)],
  ['paint', (name) => PAINT.has(name)],
];
const OTHER = 'other work in tasks (loading, messages, untraced)';
const IDLE = 'idle: main thread waiting';
const POLLS = "the bench's CDP polls (after load)";
/** V8's lazy compilation of one function (Compiler::Compile on a SharedFunctionInfo). */
const LAZY_COMPILE = 'V8.CompileCode';

const groupOf = (name) => GROUPS.find(([, matches]) => matches(name))?.[0];
const ms = (us) => us / 1000;
const fileOf = (url) => {
  const { pathname } = new URL(url);
  return pathname.length > 40 ? `…${pathname.slice(-39)}` : pathname;
};

/** Starts a trace of the whole browser; the returned function ends it and resolves to its events. */
export async function startTrace(browser) {
  const session = await browser.newBrowserCDPSession();
  const events = [];
  session.on('Tracing.dataCollected', ({ value }) => {
    for (const event of value) events.push(event);
  });
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', {
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: CATEGORIES },
    transferMode: 'ReportEvents',
  });
  return async () => {
    await session.send('Tracing.end');
    await complete;
    await session.detach();
    return events;
  };
}

/** Runtime.evaluate from the bench itself: a script evaluated with no URL (the app's are modules with one). */
const isPoll = (event) => event.name === 'EvaluateScript' && !event.args?.data?.url;

/**
 * Self time per group of the main thread's work inside tasks, and the tasks themselves. A task
 * that runs one of the bench's polls counts as the bench's, not as the page's work.
 */
function mainThreadWork(spans, start, end) {
  const totals = new Map();
  const tasks = [];
  const lazy = { count: 0, us: 0 };
  const modules = { count: 0, us: 0 };
  const add = (group, us) => totals.set(group, (totals.get(group) ?? 0) + us);
  const stack = [];
  const close = (node) => {
    add(node.task.poll ? POLLS : node.group, Math.max(0, node.clipped - node.childTime));
  };
  const sorted = [...spans].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  for (const event of sorted) {
    while (stack.length && stack.at(-1).end <= event.ts) close(stack.pop());
    const parent = stack.at(-1);
    // Only work inside the scheduler's tasks is counted; between them the thread waits.
    if (!parent && event.name !== 'RunTask') continue;
    const eventEnd = Math.min(event.ts + event.dur, parent?.end ?? Infinity);
    const clipped = Math.max(0, Math.min(eventEnd, end) - Math.max(event.ts, start));
    const task = parent?.task ?? { ts: event.ts, end: eventEnd, poll: false, work: false };
    if (parent) parent.childTime += clipped;
    else tasks.push(task);
    if (isPoll(event)) task.poll = true;
    if (groupOf(event.name)) task.work = true;
    if (event.name === LAZY_COMPILE && parent?.name !== LAZY_COMPILE) {
      lazy.count += 1;
      lazy.us += clipped;
    }
    if (event.name === 'v8.compileModule') {
      modules.count += 1;
      modules.us += clipped;
    }
    const group = groupOf(event.name) ?? parent?.group ?? OTHER;
    stack.push({ name: event.name, end: eventEnd, clipped, childTime: 0, group, task });
  }
  while (stack.length) close(stack.pop());
  return { totals, tasks: tasks.filter((task) => !task.poll), lazy, modules };
}

/** What a task did, in a few words: the fetch it received, the callback it ran, or its longest step. */
function describeTask(task, mainEvents, requests) {
  const inTask = mainEvents.filter((event) => event.ts >= task.ts && event.ts <= task.end);
  const response = inTask.find((event) => event.name === 'ResourceFinish' || event.name === 'ResourceReceiveResponse');
  const url = response && requests.get(response.args.data.requestId)?.url;
  if (url) return `${response.name === 'ResourceFinish' ? 'loaded' : 'response of'} ${fileOf(url)}`;
  const timer = inTask.find((event) => event.name === 'TimerFire');
  if (timer) {
    const install = mainEvents.find(
      (event) => event.name === 'TimerInstall' && event.args.data.timerId === timer.args.data.timerId,
    );
    return install ? `a ${install.args.data.timeout} ms timer fired` : 'a timer fired';
  }
  const call = inTask.find((event) => event.name === 'FunctionCall' || event.name === 'EventDispatch');
  if (call)
    return `${call.name} ${call.args?.data?.type ?? (call.args?.data?.url ? fileOf(call.args.data.url) : '')}`.trim();
  const longest = inTask
    .filter((event) => event.ph === 'X' && event.name !== 'RunTask')
    .sort((a, b) => b.dur - a.dur)[0];
  return longest ? longest.name : 'a task with no traced work';
}

/**
 * The longest stretches in which the page did nothing on its main thread, and the fetches
 * pending then or what ended the wait. The bench's polls and the browser's own bookkeeping
 * (a task with none of the groups' work and no fetch arriving in it) do not end a wait.
 */
function longestWaits(tasks, mainEvents, requests, start, end) {
  const arrivals = mainEvents.filter(
    (event) => event.name === 'ResourceFinish' || event.name === 'ResourceReceiveResponse',
  );
  const pageTasks = tasks.filter(
    (task) =>
      task.work || task.end - task.ts >= 2_000 || arrivals.some((event) => event.ts >= task.ts && event.ts <= task.end),
  );
  const waits = [];
  let from = start;
  for (const task of [...pageTasks, { ts: end, end }]) {
    const to = Math.min(task.ts, end);
    if (to - from >= 5_000) waits.push({ from, to, next: task });
    from = Math.max(from, task.end);
  }
  return waits
    .sort((a, b) => b.to - b.from - (a.to - a.from))
    .slice(0, 5)
    .map((wait) => {
      const pending = [...requests.values()]
        .filter((request) => request.requested < wait.to && (request.answered ?? request.finished ?? end) > wait.from)
        .map((request) => fileOf(request.url));
      if (pending.length > 0) return { ...wait, then: `waiting for ${pending.join(', ')}` };
      if (wait.next.ts >= end) return { ...wait, then: 'then the first card painted' };
      return { ...wait, then: `then ${describeTask(wait.next, mainEvents, requests)}` };
    });
}

/** The page's fetches (document, scripts, styles, data) by request id, from the renderer's events. */
function pageRequests(events, pid, origin) {
  const requests = new Map();
  for (const event of events) {
    if (event.pid !== pid || !event.name.startsWith('Resource') || !event.args?.data?.requestId) continue;
    const { data } = event.args;
    const request = requests.get(data.requestId) ?? {};
    requests.set(data.requestId, request);
    if (event.name === 'ResourceSendRequest') {
      const byScript = data.initiator?.fetchType === 'fetch';
      Object.assign(request, { url: data.url, type: byScript ? 'Fetch' : data.resourceType });
      request.requested ??= event.ts;
    }
    // The network or worker timings: when the request really started and its body was complete.
    if (event.name === 'ResourceReceiveResponse') {
      Object.assign(request, { response: data });
      if (data.timing) request.requested = data.timing.requestTime * 1e6;
    }
    if (event.name === 'ResourceFinish') {
      const answered = data.finishTime ? data.finishTime * 1e6 : undefined;
      Object.assign(request, { finished: event.ts, answered, failed: data.didFail });
    }
  }
  for (const [id, request] of requests) {
    if (
      !request.url?.startsWith(origin) ||
      !['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR'].includes(request.type)
    ) {
      requests.delete(id);
    }
  }
  return requests;
}

function describeRequest(request, start) {
  const { response } = request;
  let source = 'network';
  if (request.failed) source = 'failed (offline)';
  else if (response?.fromServiceWorker) {
    const { workerStart = -1, workerReady = -1 } = response.timing ?? {};
    const workerWait = workerReady >= 0 && workerStart >= 0 ? `, worker ready after ${Math.round(workerReady)} ms` : '';
    source = `service worker (${response.serviceWorkerResponseSource ?? 'network'})${workerWait}`;
  } else if (response?.fromCache) source = 'HTTP cache';
  const at = (us) => (us === undefined ? '–' : String(Math.round(ms(us - start))));
  return {
    file: fileOf(request.url),
    requested: request.requested,
    cells: [at(request.requested), at(request.answered), at(request.finished)],
    source,
  };
}

/** The app's `fleet:` marks and measures: in the traced visit, and the median over the untraced runs. */
function printMarks(marks, runMarks) {
  const fleet = marks.filter((mark) => mark.name.startsWith('fleet:')).sort((a, b) => a.startTime - b.startTime);
  const names = [...new Set(runMarks.flat().map((mark) => mark.name))].filter((name) => name.startsWith('fleet:'));
  for (const name of names) if (!fleet.some((mark) => mark.name === name)) fleet.push({ name });
  if (fleet.length === 0) {
    console.log('  User Timing (fleet:*): none set');
    return;
  }
  console.log('  User Timing (fleet:*), ms from navigation start: traced visit, median of the runs');
  const at = (mark) =>
    mark?.startTime === undefined
      ? '–'
      : `${Math.round(mark.startTime)}${mark.duration ? `+${Math.round(mark.duration)}` : ''}`;
  for (const mark of fleet) {
    const inRuns = runMarks.map((run) => run.find((entry) => entry.name === mark.name)).filter(Boolean);
    const middle = inRuns.sort((a, b) => a.startTime - b.startTime)[Math.floor((inRuns.length - 1) / 2)];
    console.log(`    ${mark.name.padEnd(42)}${at(mark).padStart(9)}${at(middle).padStart(9)}`);
  }
}

/**
 * Prints the breakdown of the traced visit to `url` (the app's origin with a trailing slash)
 * whose first card was painted `firstCardMs` after navigation start. `marks` are the page's
 * User Timing entries ({ name, startTime, duration }), `runMarks` those of each untraced run.
 */
export function printBreakdown(events, { url, firstCardMs, marks, runMarks }) {
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(url))
    .at(-1);
  if (!navigation) throw new Error('the trace has no navigation to the app');
  const start = navigation.ts;
  const end = start + firstCardMs * 1000;
  const mainEvents = events.filter((event) => event.pid === navigation.pid && event.tid === navigation.tid);
  const spans = mainEvents.filter((event) => event.ph === 'X' && event.ts < end && event.ts + event.dur > start);
  const { totals, tasks, lazy, modules } = mainThreadWork(spans, start, end);
  const busy = [...totals.values()].reduce((sum, us) => sum + us, 0);
  totals.set(IDLE, end - start - busy);
  const requests = pageRequests(events, navigation.pid, new URL(url).origin);

  const pad = (text, width) => String(text).padEnd(width);
  const padStart = (text, width) => String(text).padStart(width);
  const share = (us) =>
    `${padStart(Math.round(ms(us)), 6)} ms ${padStart(Math.round((100 * us) / (end - start)), 3)} %`;
  console.log(
    `Breakdown: one traced new-tab offline visit, navigation start → first card ${Math.round(firstCardMs)} ms`,
  );
  console.log('(tracing slows the page down: compare shares, not totals, with the runs above)');
  const rows = [...GROUPS.map(([name]) => name), OTHER, POLLS, IDLE];
  const width = Math.max(...rows.map((row) => row.length)) + 2;
  for (const group of rows) {
    const extra =
      group === 'script compile'
        ? `  ${lazy.count} functions compiled lazily (${Math.round(ms(lazy.us))} ms), ${modules.count} modules (${Math.round(ms(modules.us))} ms)`
        : '';
    console.log(`  ${pad(group, width)}${share(totals.get(group) ?? 0)}${extra}`);
  }

  const waits = longestWaits(tasks, mainEvents, requests, start, end);
  if (waits.length > 0) {
    console.log('  longest waits (ms from navigation start):');
    for (const wait of waits) {
      const span = `${Math.round(ms(wait.from - start))}–${Math.round(ms(wait.to - start))}`;
      console.log(`    ${pad(span, 12)}${padStart(Math.round(ms(wait.to - wait.from)), 5)} ms, ${wait.then}`);
    }
  }

  const fetches = [...requests.values()]
    .map((request) => describeRequest(request, start))
    .filter((request) => request.requested < end)
    .sort((a, b) => a.requested - b.requested);
  console.log(
    '  fetches before the first card (ms from navigation start: requested, answered, seen by the main thread):',
  );
  for (const { file, cells, source } of fetches) {
    console.log(`    ${pad(file, 42)}${cells.map((cell) => padStart(cell, 6)).join('')}  ${source}`);
  }

  printMarks(marks, runMarks);
}
