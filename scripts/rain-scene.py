#!/usr/bin/env python3
"""Writes the 'rain' benchmark as a scene file: N boxes and pentagons of 12 pt falling under
gravity into an open-topped 1280 x 720 box (left, bottom and right boundaries), laid out like
the pymunk peer's rain workload, so `animatic simulate` can be timed beside it.

usage: python3 scripts/rain-scene.py [N] > rain.json
"""
import json, math, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
w, h, size = 1280, 720, 12.0
cols = int(math.sqrt(n * w / h)) + 1
pentagon = [[round(size / 2 * math.cos(2 * math.pi * k / 5), 4), round(size / 2 * math.sin(2 * math.pi * k / 5), 4)] for k in range(5)]
items = []
for i in range(n):
    x = 20 + (i % cols) * (w - 40) / cols
    y = -(i // cols) * (size * 1.6) + h * 0.5
    item = {"id": f"b{i}", "size": [size, size], "center": [round(x, 4), round(y, 4)],
            "color": "#F2801AE6" if i % 2 == 0 else "#3399E6E6"}
    if i % 2 == 1:
        item["shape"] = "path"
        item["path"] = pentagon
    items.append(item)
ids = [it["id"] for it in items]
scene = {
    "title": f"Rain: {n} boxes and pentagons",
    "canvas": {"width": w, "height": h, "scale": 1, "background": "white"},
    "fps": 60, "duration": 10, "sleeping": False,
    "items": items,
    "behaviors": [
        {"id": "gravity", "type": "gravity", "items": ids},
        {"id": "collision", "type": "collision", "items": ids, "boundaries": [
            {"id": "left", "from": [0, 0], "to": [0, h]},
            {"id": "bottom", "from": [0, h], "to": [w, h]},
            {"id": "right", "from": [w, h], "to": [w, 0]},
        ]},
        {"id": "material", "type": "itemBehavior", "items": ids, "elasticity": 0.3, "friction": 0.5},
    ],
}
json.dump(scene, sys.stdout)
