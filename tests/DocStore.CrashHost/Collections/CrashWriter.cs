using DocStore.Metadata;
using Effect = DocStore.CrashHost.Collections.CrashLog.Effect;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// One writer of the collection workload. It keeps a model of its keys (key -> version) and writes
/// only what the model predicts; an outcome the model did not predict throws, and the host prints a
/// <c>fail</c> line. Inside explicit transactions it also tries operations that must be refused (a taken
/// key, a taken unique value, an update of a missing key) and checks they change nothing.
/// </summary>
internal sealed class CrashWriter(CrashDb db, int writer, int seed, Dictionary<int, int> model, int firstVersion, Action<string> print)
{
    private readonly Random _random = new((seed * 31) + writer);
    private int _version = firstVersion;
    private int _tx;

    public async Task RunAsync()
    {
        while (true)
        {
            var roll = _random.Next(10);
            if (roll < 4)
            {
                await AutoCommitAsync();
            }
            else
            {
                await ExplicitAsync(commit: roll < 9);
            }
        }
    }

    private async Task AutoCommitAsync()
    {
        var effect = Plan(model);
        print(CrashLog.Begin(writer, ++_tx, [effect]));
        await ApplyAsync(null, effect);
        effect.ApplyTo(model);
        print(CrashLog.Ack(writer, _tx));
    }

    private async Task ExplicitAsync(bool commit)
    {
        var scratch = new Dictionary<int, int>(model);
        var effects = new List<Effect>();
        var tx = _random.Next(2) == 0 ? db.BeginTransaction() : await db.BeginTransactionAsync();
        await using (tx)
        {
            for (var count = _random.Next(2, 9); effects.Count < count;)
            {
                if (_random.Next(6) == 0)
                {
                    TryRefused(tx, scratch);
                }

                var effect = Plan(scratch);
                await ApplyAsync(tx, effect);
                effect.ApplyTo(scratch);
                effects.Add(effect);
            }

            if (!commit)
            {
                // Disposing rolls back: none of these effects may ever be seen.
                return;
            }

            print(CrashLog.Begin(writer, ++_tx, effects));
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

        print(CrashLog.Ack(writer, _tx));
    }

    /// <summary>The next effect on one of this writer's keys, chosen by whether the model holds it.</summary>
    private Effect Plan(Dictionary<int, int> current)
    {
        var id = NextKey();
        var roll = _random.Next(10);
        if (!current.ContainsKey(id))
        {
            return new Effect(roll < 7 ? 'i' : 's', id, _version++);
        }

        return roll switch
        {
            < 4 => new Effect('u', id, _version++),
            < 7 => new Effect('s', id, _version++),
            _ => new Effect('d', id, null),
        };
    }

    /// <summary>One of this writer's keys (see <see cref="CollectionWorkload.WriterOf"/>).</summary>
    private int NextKey() => (_random.Next(CrashItems.KeySpace / CollectionWorkload.Writers) * CollectionWorkload.Writers) + writer + 1;

    private async ValueTask ApplyAsync(DocStoreTransaction? tx, Effect effect)
    {
        var items = db.CrashItems;
        var useAsync = _random.Next(2) == 0;
        var document = effect.Version is { } version ? CrashItems.Create(effect.Id, version) : null;
        var done = (effect.Op, tx, useAsync) switch
        {
            ('i', null, false) => items.Insert(document!) == effect.Id,
            ('i', null, true) => await items.InsertAsync(document!) == effect.Id,
            ('i', { } t, false) => items.Insert(t, document!) == effect.Id,
            ('i', { } t, true) => await items.InsertAsync(t, document!) == effect.Id,
            ('u', null, false) => items.Update(document!),
            ('u', null, true) => await items.UpdateAsync(document!),
            ('u', { } t, false) => items.Update(t, document!),
            ('u', { } t, true) => await items.UpdateAsync(t, document!),
            ('s', null, false) => items.Upsert(document!) == effect.Id,
            ('s', null, true) => await items.UpsertAsync(document!) == effect.Id,
            ('s', { } t, false) => items.Upsert(t, document!) == effect.Id,
            ('s', { } t, true) => await items.UpsertAsync(t, document!) == effect.Id,
            ('d', null, false) => items.Delete(effect.Id),
            ('d', null, true) => await items.DeleteAsync(effect.Id),
            ('d', { } t, false) => items.Delete(t, effect.Id),
            _ => await items.DeleteAsync(tx!, effect.Id),
        };
        if (!done)
        {
            throw new InvalidOperationException($"Writer {writer}: {effect} found the collection unlike its model.");
        }
    }

    /// <summary>An operation the collection must refuse inside the transaction, leaving it unchanged and usable.</summary>
    private void TryRefused(DocStoreTransaction tx, Dictionary<int, int> current)
    {
        var id = NextKey();
        var version = _version++;
        if (current.TryGetValue(id, out var stored))
        {
            // A new key whose unique code is taken by this stored document.
            var other = NextKey();
            if (current.ContainsKey(other))
            {
                Refused(() => db.CrashItems.Insert(tx, CrashItems.Create(id, version)), null);
                return;
            }

            var clash = CrashItems.Create(other, version);
            clash.Code = CrashItems.Create(id, stored).Code;
            Refused(() => db.CrashItems.Insert(tx, clash), nameof(CrashItem.Code));
            return;
        }

        if (db.CrashItems.Update(tx, CrashItems.Create(id, version)))
        {
            throw new InvalidOperationException($"Writer {writer}: updating the missing key {id} reported success.");
        }
    }

    private void Refused(Action operation, string? index)
    {
        try
        {
            operation();
        }
        catch (DuplicateKeyException e) when (e.Index == index)
        {
            return;
        }

        throw new InvalidOperationException($"Writer {writer}: an insert that must be refused (index {index ?? "primary key"}) succeeded.");
    }
}
