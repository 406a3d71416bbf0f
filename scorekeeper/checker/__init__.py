"""The dispute helpers over the engine: a checker's input read and bounded, the whole-turn
checker and best play, and how their answers are shown."""
