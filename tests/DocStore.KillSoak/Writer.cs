using DocStore.TestShared;

namespace DocStore.KillSoak;

/// <summary>
/// The <c>--writer</c> child: <see cref="Soak.Writers"/> concurrent writers each mix single inserts, updates,
/// upserts and deletes, multi-collection transactions (some rolled back), batches and multi-page documents
/// on the keys they own, printing <see cref="SoakLog"/> lines, beside the upkeep calls of <see cref="UpkeepLog"/>, until the
/// process is killed. Each writer keeps a model of its keys and fails (a <c>fail</c> line) on any outcome the
/// model did not predict.
/// </summary>
internal static class Writer
{
    public static async Task<int> RunAsync(string path, int seed, Durability durability)
    {
        using var db = SoakDb.Open(path, Soak.Options(durability));

        // What the last run committed, acknowledged or not: the file says.
        var state = new Dictionary<(char, long), int>();
        foreach (var item in db.SoakItems.FindAll())
        {
            state[('i', item.Id)] = item.Version;
        }

        foreach (var note in db.SoakNotes.FindAll())
        {
            state[('n', note.Id)] = note.Version;
        }

        var firstVersion = state.Count == 0 ? 1 : state.Values.Max() + 1;
        var output = new Lock();
        using var upkeepDue = new SemaphoreSlim(0);
        var acknowledged = 0;
        void Print(string line)
        {
            lock (output)
            {
                Console.WriteLine(line);
                Console.Out.Flush();
            }

            // Upkeep is paced by acknowledgements, not a clock, so it runs among commits however loaded the machine.
            if (line.StartsWith("ack ", StringComparison.Ordinal) && Interlocked.Increment(ref acknowledged) % Soak.UpkeepPace == 0)
            {
                upkeepDue.Release();
            }
        }

        Print(SoakLog.Ready);
        var tasks = Enumerable.Range(0, Soak.Writers).Select(w =>
        {
            var own = state.Where(pair => Soak.Owner(pair.Key.Item2) == w).ToDictionary();
            return Task.Run(() => new SoakWriter(db, w, seed, own, firstVersion + w, Print).RunAsync());
        }).Append(Task.Run(() => UpkeepLog.RunAsync(db, path, upkeepDue, Print))).ToArray();
        try
        {
            // None ends but by failing: report the first failure at once rather than when all have ended.
            await await Task.WhenAny(tasks);
            return 0;
        }
        catch (Exception e)
        {
            Print(SoakLog.Fail(e.ToString()));
            return 1;
        }
    }
}

/// <summary>One writer: the keys <c>id % Writers == writer</c>, and a model of them (collection, key) -> version.</summary>
internal sealed class SoakWriter(SoakDb db, int writer, int seed, Dictionary<(char, long), int> model, int firstVersion, Action<string> print)
{
    private readonly Random _random = new((seed * 31) + writer);

    // Versions step by the number of writers, so no two writers ever write the same (key, version).
    private int _version = firstVersion;
    private int _tx;

    public async Task RunAsync()
    {
        while (true)
        {
            var roll = _random.Next(100);
            if (roll < 30)
            {
                await SingleAsync('i', large: false);
            }
            else if (roll < 42)
            {
                await SingleAsync('n', large: false);
            }
            else if (roll < 70)
            {
                await TransactionAsync(commit: _random.Next(10) != 0);
            }
            else if (roll < 85)
            {
                Batch();
            }
            else
            {
                await SingleAsync('i', large: true);
            }
        }
    }

    private int NextVersion(bool large, long id)
    {
        while (true)
        {
            var version = _version;
            _version += Soak.Writers;
            if (!large || Soak.Item((int)id, version).Payload.Length > 1_400)
            {
                return version;
            }
        }
    }

    private long NextKey(char collection)
    {
        var space = collection == 'i' ? Soak.ItemKeys : Soak.NoteKeys;
        return (_random.Next(space / Soak.Writers) * Soak.Writers) + writer;
    }

    /// <summary>The next effect on one of this writer's keys in <paramref name="collection"/>, chosen by whether <paramref name="current"/> holds it.</summary>
    private Effect Plan(char collection, Dictionary<(char, long), int> current, bool large)
    {
        long id;
        do
        {
            id = NextKey(collection);
        }
        while (id == 0);

        if (!current.ContainsKey((collection, id)))
        {
            return new Effect(collection, id, NextVersion(large, id));
        }

        return _random.Next(10) < 7 || large ? new Effect(collection, id, NextVersion(large, id)) : new Effect(collection, id, null);
    }

    private async Task SingleAsync(char collection, bool large)
    {
        var effect = Plan(collection, model, large);
        print(SoakLog.Begin(writer, ++_tx, [effect]));
        await ApplyAsync(null, effect, model.ContainsKey((effect.Collection, effect.Id)));
        effect.ApplyTo(model);
        print(SoakLog.Ack(writer, _tx));
    }

    private async Task TransactionAsync(bool commit)
    {
        var scratch = new Dictionary<(char, long), int>(model);
        var effects = new List<Effect>();
        var tx = _random.Next(2) == 0 ? db.BeginTransaction() : await db.BeginTransactionAsync();
        await using (tx)
        {
            // Both collections, always: an item and a note at least.
            for (var count = _random.Next(2, 7); effects.Count < count;)
            {
                var effect = Plan(effects.Count == 0 ? 'i' : effects.Count == 1 ? 'n' : _random.Next(2) == 0 ? 'i' : 'n', scratch, large: _random.Next(8) == 0);
                await ApplyAsync(tx, effect, scratch.ContainsKey((effect.Collection, effect.Id)));
                effect.ApplyTo(scratch);
                effects.Add(effect);
            }

            if (!commit)
            {
                // Disposing rolls back: none of these effects may ever be seen.
                return;
            }

            print(SoakLog.Begin(writer, ++_tx, effects));
            if (_random.Next(2) == 0)
            {
                tx.Commit();
            }
            else
            {
                await tx.CommitAsync();
            }
        }

        foreach (var effect in effects)
        {
            effect.ApplyTo(model);
        }

        print(SoakLog.Ack(writer, _tx));
    }

    private void Batch()
    {
        var effects = new List<Effect>();
        for (var tries = 0; effects.Count < _random.Next(2, 9) && tries < 40; tries++)
        {
            var id = NextKey('i');
            if (id != 0 && !model.ContainsKey(('i', id)) && !effects.Any(e => e.Id == id))
            {
                effects.Add(new Effect('i', id, NextVersion(large: _random.Next(6) == 0, id)));
            }
        }

        if (effects.Count == 0)
        {
            return;
        }

        print(SoakLog.Begin(writer, ++_tx, effects));
        var keys = db.SoakItems.InsertMany(effects.Select(e => Soak.Item((int)e.Id, e.Version!.Value)).ToList());
        if (!keys.SequenceEqual(effects.Select(e => (int)e.Id)))
        {
            throw new InvalidOperationException($"Writer {writer}: a batch returned keys {string.Join(',', keys)}.");
        }

        foreach (var effect in effects)
        {
            effect.ApplyTo(model);
        }

        print(SoakLog.Ack(writer, _tx));
    }

    private async ValueTask ApplyAsync(DocStoreTransaction? tx, Effect effect, bool exists)
    {
        var useAsync = _random.Next(2) == 0;
        bool done;
        if (effect.Collection == 'i')
        {
            var items = db.SoakItems;
            var id = (int)effect.Id;
            var item = effect.Version is { } v ? Soak.Item(id, v) : null;
            done = (exists, item, tx, useAsync) switch
            {
                (_, null, null, false) => items.Delete(id),
                (_, null, null, true) => await items.DeleteAsync(id),
                (_, null, { } t, _) => items.Delete(t, id),
                (false, { } i, null, false) => items.Insert(i) == id,
                (false, { } i, null, true) => await items.InsertAsync(i) == id,
                (false, { } i, { } t, _) => items.Insert(t, i) == id,
                (true, { } i, null, false) => _random.Next(2) == 0 ? items.Update(i) : items.Upsert(i) == id,
                (true, { } i, null, true) => await items.UpdateAsync(i),
                (true, { } i, { } t, _) => _random.Next(2) == 0 ? items.Update(t, i) : items.Upsert(t, i) == id,
            };
        }
        else
        {
            var notes = db.SoakNotes;
            var note = effect.Version is { } v ? Soak.Note(effect.Id, v) : null;
            done = (exists, note, tx) switch
            {
                (_, null, null) => notes.Delete(effect.Id),
                (_, null, { } t) => notes.Delete(t, effect.Id),
                (false, { } n, null) => notes.Insert(n) == effect.Id,
                (false, { } n, { } t) => notes.Insert(t, n) == effect.Id,
                (true, { } n, null) => notes.Upsert(n) == effect.Id,
                (true, { } n, { } t) => notes.Update(t, n),
            };
        }

        if (!done)
        {
            throw new InvalidOperationException($"Writer {writer}: {effect} found the collection unlike its model.");
        }
    }
}
