// Records a hand through the API with the types openapi-typescript writes from the served document
// (./api.d.ts, made by tests/web/test_api_clients.py): it must type-check under tsc --strict, and it runs.
// Usage: node record_hand.js http://127.0.0.1:5000/api/v1  -> prints the totals as JSON.
import type { components, paths } from "./api";

type NewGame = components["schemas"]["NewGameRummikub"];
type Created = paths["/games"]["post"]["responses"][201]["content"]["application/json"];
type Hand = paths["/games/{public_id}/rounds"]["post"]["requestBody"]["content"]["application/json"];
type Answer = paths["/games/{public_id}/rounds"]["post"]["responses"][201]["content"]["application/json"];
type Failure = components["schemas"]["Error"];

// what the script needs of the runtime (Node 18+ has fetch), declared here so no lib but ES2022 is read
interface Reply { ok: boolean; status: number; json(): Promise<unknown> }
declare function fetch(url: string, init: { method: string; headers: Record<string, string>; body: string }): Promise<Reply>;
declare const process: { argv: string[] };
declare const console: { log(text: string): void };

async function send<T>(url: string, body: unknown, secret?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (!response.ok) {
    const failure = (await response.json()) as Failure;
    throw new Error(`${response.status}: ${failure.error}`);
  }
  return (await response.json()) as T;
}

export async function recordHand(base: string): Promise<number[]> {
  const game: NewGame = { variant: "rummikub", players: ["Ann", "Bob"] };
  const created = await send<Created>(`${base}/games`, game);
  const hand: Hand = { winner: 0, players: [{ rack: "" }, { rack: "R5 J" }] };
  const answer = await send<Answer>(`${base}/games/${created.id}/rounds`, hand, created.secret);
  const round = answer.round;
  if (round.variant !== "rummikub" || round.facts.winner !== 0) throw new Error("not the hand sent");
  return answer.game.players.map((player) => player.total);
}

recordHand(process.argv[2]).then((totals) => console.log(JSON.stringify(totals)));
