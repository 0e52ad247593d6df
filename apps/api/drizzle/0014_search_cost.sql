-- f_unaccent's planner cost, raised from 50 to 500 (about what a PL/pgSQL call takes: 5–20 µs).
-- At 50 the planner found testing every row of a small table cheaper than its trigram indexes:
-- a provider search read all 400 providers through three PL/pgSQL calls each (20 ms) where the
-- indexes answer in under a millisecond, and a branch-appliance search the same (10 ms).
ALTER FUNCTION f_unaccent(text) COST 500;
