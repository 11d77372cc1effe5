"""Operations: liveness and readiness probes, Prometheus metrics, structured logs (issue 20)."""
