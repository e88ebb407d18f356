"""A picture of a card (``riftbound card FILE --svg OUT``): an SVG drawn from the card fields and text."""
