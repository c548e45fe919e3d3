import { io, type Socket } from "socket.io-client";

/** Connects to a company namespace and resolves once connected, or rejects with the connect_error message. */
export function connectCompany(url: string, companyId: number | string, token: string | undefined, transports?: ("polling" | "websocket")[]): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}/${companyId}`, {
      auth: token === undefined ? {} : { token },
      transports,
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The message a refused connection carries (the server's error code). */
export async function refusal(promise: Promise<Socket>): Promise<string> {
  try {
    const socket = await promise;
    socket.close();
    return "connected";
  } catch (err) {
    return (err as Error).message;
  }
}

/** Resolves with the first payload of `event`, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
