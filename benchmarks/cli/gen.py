"""Writes the same N flat documents of about 1 KiB as JSON lines and as CSV (the benchmark's inputs)."""
import json, random, sys

n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(42)
words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]
cities = ["London", "Paris", "Berlin", "Madrid", "Rome", "Vienna", "Oslo", "Lisbon"]
with open(out + ".jsonl", "w") as j, open(out + ".csv", "w") as c:
    c.write("_id,name,email,age,score,city,bio\n")
    for i in range(1, n + 1):
        bio = " ".join(rng.choice(words) for _ in range(140))[:880]
        doc = {"_id": i, "name": f"user {i}", "email": f"user{i}@example.org", "age": rng.randint(18, 90),
               "score": round(rng.random() * 100, 3), "city": rng.choice(cities), "bio": bio}
        j.write(json.dumps(doc, separators=(",", ":")) + "\n")
        c.write(f'{i},user {i},user{i}@example.org,{doc["age"]},{doc["score"]},{doc["city"]},{bio}\n')
