"""What ties board to rules: scenarios, game state, stacks, commands, dice and saves."""
