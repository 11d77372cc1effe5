/** The analysis graph of the replay: each human seat's chance to win over the game (SVG, as wide
 * as the screen), its turning points ringed and listed in words; a tap on one jumps there. */

import type { ComponentChild } from "preact";
import { seatStyle } from "../boards/toolkit/pieces";
import { pick, t } from "../i18n";
import type { Player } from "../boards/types";
import { GRAPH, chanceLines, pathOf, percent, pointSentence, turningPoints, xOf, yOf, type Analysis, type DecisionPoint } from "./analysis";

export interface GraphProps {
  analysis: Analysis;
  players: Player[];
  /** The match's last version: the graph's right edge. */
  last: number;
  /** The version the replay shows: a line across the graph. */
  at: number;
  jump(point: DecisionPoint): void;
}

export function AnalysisGraph({ analysis, players, last, at, jump }: GraphProps): ComponentChild {
  if (analysis.status !== "done") {
    const key = analysis.status === "failed" ? "analysis_failed" : "analysis_pending";
    return (
      <p class="muted analysis-status" data-testid="analysis-status">
        {t(key, { done: analysis.progress.done, total: analysis.progress.total })}
      </p>
    );
  }
  if (analysis.points.length === 0) return <p class="muted">{t("analysis_empty")}</p>;
  const lines = chanceLines(analysis.points);
  const turning = turningPoints(analysis.points);
  const name = (seat: number) => players[seat]?.name ?? "";
  return (
    <div class="analysis" data-testid="analysis-graph">
      <svg class="analysis-svg" viewBox={`0 0 ${GRAPH.width} ${GRAPH.height}`} role="img" aria-label={t("analysis_graph_label")}>
        {[0, 0.5, 1].map((c) => (
          <g key={c} class="analysis-grid">
            <line x1={GRAPH.left} x2={GRAPH.width - GRAPH.right} y1={yOf(c)} y2={yOf(c)} />
            <text x={GRAPH.left - 3} y={yOf(c)} text-anchor="end" dominant-baseline="central">
              {Math.round(c * 100)}
            </text>
          </g>
        ))}
        <line class="analysis-now" x1={xOf(at, last)} x2={xOf(at, last)} y1={GRAPH.top} y2={GRAPH.height - GRAPH.bottom} />
        {[...lines].map(([seat, line]) => (
          <path key={seat} class="analysis-line" d={pathOf(line, last)} fill="none" stroke={seatStyle(seat).ink} stroke-width={1.6} />
        ))}
        {turning.map((p) => (
          <g
            key={`${p.seat}:${p.seq_after}`}
            class="analysis-turn"
            role="button"
            tabIndex={0}
            aria-label={pointSentence(p, players[p.seat]?.me ?? false, name(p.seat), t, pick)}
            data-seq={p.seq_after}
            onClick={() => jump(p)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") jump(p);
            }}
          >
            <circle class="analysis-hit" cx={xOf(p.seq_after, last)} cy={yOf(p.chance_after)} r={11} fill="transparent" />
            <circle cx={xOf(p.seq_after, last)} cy={yOf(p.chance_after)} r={4} fill="#fff" stroke={seatStyle(p.seat).colour} stroke-width={2.2} />
          </g>
        ))}
      </svg>
      <ul class="analysis-legend">
        {[...lines.keys()].map((seat) => (
          <li key={seat}>
            <span class="analysis-swatch" style={{ background: seatStyle(seat).ink }} /> {name(seat)}: {percent(lastChance(lines.get(seat)!))}
          </li>
        ))}
      </ul>
      {turning.length > 0 && (
        <ol class="analysis-turns" aria-label={t("analysis_turning")}>
          {turning.map((p) => (
            <li key={`${p.seat}:${p.seq_after}`}>
              <button type="button" class="link analysis-turn-link" data-seq={p.seq_after} onClick={() => jump(p)}>
                {pointSentence(p, players[p.seat]?.me ?? false, name(p.seat), t, pick)}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function lastChance(line: readonly { chance: number }[]): number {
  return line.length > 0 ? line[line.length - 1]!.chance : 0;
}
