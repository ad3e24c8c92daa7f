import { useEffect, useRef } from 'react';
import type { InvalidateQueryFilters, QueryClient, QueryKey } from '@tanstack/react-query';
import type { IncomingMessage } from '#machines/socket.ts';
import { roomKey, type RoomRef } from '#machines/socket-path.ts';

/**
 * The small, always-loaded side of the real-time connection. Pages ask to be in a room and
 * hear messages through here; the socket itself lives in a chunk loaded after sign-in,
 * which attaches as the transport and is told about every room already wanted.
 */
type Listener = (message: IncomingMessage) => void;
interface Transport {
  join(room: RoomRef): void;
  leave(room: RoomRef): void;
}

const listeners = new Set<Listener>();
const wanted = new Map<string, { room: RoomRef; holders: number }>();
let transport: Transport | null = null;

/**
 * The app-wide host (celebrations, streak refreshes) loads a moment after the socket opens,
 * and React may hold its first commit back a few hundred milliseconds more. What arrives for
 * the athlete in that gap waits here and is handed over when the host attaches, so a score
 * submitted right after a page load still pops up its achievement.
 */
const EARLY_MESSAGE_LIMIT = 50;
let host: Listener | null = null;
let early: IncomingMessage[] = [];

const keyOf = (room: RoomRef) => JSON.stringify(room);

/** How many times the socket has (re)connected in this tab. */
let connections = 0;
/** How many times an open or opening socket was closed under the tab (not by the tab itself). */
let drops = 0;

/** The socket closed without the tab asking: the next 'connected' is a return, even if no hello came before the drop. */
export function noteRealtimeDrop() {
  drops += 1;
}

export function emitRealtimeMessage(message: IncomingMessage) {
  // A new connection may be another athlete's: what waited for the previous one is dropped.
  if (message.type === 'connected') {
    early = [];
    connections += 1;
  }
  if (host) host(message);
  else {
    early.push(message);
    if (early.length > EARLY_MESSAGE_LIMIT) early.shift();
  }
  for (const listener of listeners) listener(message);
}

/** The one app-wide listener: hears what arrived before it attached, then every message. */
export function attachRealtimeHost(listener: Listener): () => void {
  host = listener;
  const waiting = early;
  early = [];
  for (const message of waiting) listener(message);
  return () => {
    if (host === listener) host = null;
  };
}

export function attachRealtimeTransport(next: Transport): () => void {
  transport = next;
  for (const { room } of wanted.values()) next.join(room);
  return () => {
    if (transport === next) transport = null;
  };
}

/** Holds a room while the returned release is not called; the last holder to release leaves it. */
export function holdRealtimeRoom(room: RoomRef): () => void {
  const key = keyOf(room);
  const entry = wanted.get(key);
  if (entry) entry.holders += 1;
  else {
    wanted.set(key, { room, holders: 1 });
    transport?.join(room);
  }
  return () => {
    const current = wanted.get(key);
    if (!current) return;
    current.holders -= 1;
    if (current.holders > 0) return;
    wanted.delete(key);
    transport?.leave(room);
  };
}

/** Hears every real-time message until the returned stop is called (for code outside React, e.g. a chart's actor). */
export function onRealtimeMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Hears real-time messages while mounted; with a room, also holds it, and runs `reread` each time the socket is let
 * into the room ("joined"): the first join, which comes after the page's first read, and every join again after a
 * reconnect, and on the socket's return itself (see useRealtimeReconnect). What the room said before a join was not heard (a round that closed or a score that landed while the
 * socket was still connecting after a page load, or while it was away), so what was read before it is read again.
 */
export function useRealtime(room: RoomRef | null, onMessage: Listener, reread?: () => void) {
  const latest = useRef({ onMessage, reread });
  latest.current = { onMessage, reread };
  // The room is held by its key: a new object for the same room holds on.
  const wantedRoom = useRef(room);
  wantedRoom.current = room;
  const key = room ? keyOf(room) : null;
  useEffect(() => {
    const held = key ? wantedRoom.current : null;
    const name = held ? roomKey(held) : null;
    // A return also rereads: a room's "joined" after a reconnect can be lost with the rest of what a dropped
    // connection's relay swallowed, while the new connection's hello still arrives (tests/e2e/realtime-reconnect.spec.ts).
    const isReturn = watchReturns();
    const listener: Listener = (m) => {
      if ((m.type === 'joined' && m.room_id === name) || isReturn(m)) latest.current.reread?.();
      latest.current.onMessage(m);
    };
    listeners.add(listener);
    const release = held ? holdRealtimeRoom(held) : null;
    return () => {
      listeners.delete(listener);
      release?.();
    };
  }, [key]);
}

/**
 * Reads the matching queries again, from now: a read still in flight may have begun before what the room missed, and
 * invalidating alone would wait for it (a query's first read is never restarted), so it is dropped first.
 */
export function readAgain(qc: QueryClient, filters: InvalidateQueryFilters): void {
  void qc.cancelQueries(filters).then(() => qc.invalidateQueries(filters));
}

/**
 * Writes what a room said into a query's cached data. A read of it already on its way (the one on joining the room)
 * may have read before the change was written, and its answer would put the older state back: it is asked again,
 * after the change (its answer dropped, the patched data kept meanwhile).
 */
export function patchFromRoom<T>(qc: QueryClient, queryKey: QueryKey, patch: (old: T | undefined) => T | undefined): void {
  qc.setQueryData<T>(queryKey, patch);
  if (qc.isFetching({ queryKey, exact: true }) > 0) void qc.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
}

/** From now on, whether each message is the socket's return (see useRealtimeReconnect). */
export function watchReturns(): (message: IncomingMessage) => boolean {
  let seen = connections;
  let dropped = drops;
  return (m) => {
    if (m.type !== 'connected') return false;
    // A return: a connection had said hello before, or one dropped (possibly before its hello) since the watch began.
    const back = seen > 0 || drops > dropped;
    seen = connections;
    dropped = drops;
    return back;
  };
}

/**
 * Runs when the socket comes back after a drop (a phone changing networks, a server restart):
 * whatever was pushed meanwhile is lost, so live data is fetched again at once instead of at the
 * next poll. (A page in a room rereads on the room's "joined" instead: see useRealtime.) The first connection of a page that mounted before any socket opened is not a return,
 * unless a socket dropped in between (one can close before its hello reaches the page).
 */
export function useRealtimeReconnect(onReconnect: () => void) {
  const latest = useRef(onReconnect);
  latest.current = onReconnect;
  useEffect(() => {
    const isReturn = watchReturns();
    const listener: Listener = (m) => {
      if (isReturn(m)) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
