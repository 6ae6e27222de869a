using DocStore.BTree;
using DocStore.Diagnostics;
using DocStore.Indexing;
using DocStore.Transactions;

namespace DocStore.Collections;

// The write operations themselves: each checks, plans its tree changes and applies them.
internal sealed partial class CollectionWriter<T, TKey>
{
    private List<TKey> InsertManyCore(WriteScope scope, IEnumerable<T> documents)
    {
        ArgumentNullException.ThrowIfNull(documents);
        var keys = new List<TKey>();

        // One document's changes are not the whole transaction's.
        var each = scope with { OwnsTransaction = false };
        if (ConvertsOnWrite)
        {
            // Every document is converted before the first is written, so a refused value changes nothing
            // and leaves an explicit transaction usable.
            var listed = documents.ToList();
            var converted = listed.ConvertAll(d => ToStored(d ?? throw new ArgumentNullException(nameof(documents), "A document to insert must not be null."), Model.GetKey(d)));
            for (var i = 0; i < listed.Count; i++)
            {
                if (i > 0)
                {
                    scope.Transaction.SpillIfLarge();
                }

                keys.Add(InsertCore(each, listed[i], converted[i], isConverted: true));
            }

            return keys;
        }

        foreach (var document in documents)
        {
            if (keys.Count > 0)
            {
                // Between documents no page is referenced (the first's safe point was the operation's start).
                scope.Transaction.SpillIfLarge();
            }

            keys.Add(InsertCore(each, document));
        }

        return keys;
    }

    /// <summary>Inserts <paramref name="document"/>, or <paramref name="converted"/> (its stored form from <see cref="ToStored"/>) when <paramref name="isConverted"/>.</summary>
    private TKey InsertCore(WriteScope scope, T document, T converted = default!, bool isConverted = false)
    {
        ArgumentNullException.ThrowIfNull(document);
        var key = Model.GetKey(document);
        var generated = Model.IsDefaultKey(key);
        if (generated)
        {
            // A string key cannot be generated: the model's NewKey says so with an InvalidOperationException.
            key = NewKey();
            Model.SetKey(ref document, key);
        }

        if (!isConverted)
        {
            // Converted after the key is generated, so the caller's document receives the key, as documented.
            document = ToStored(document, key);
        }
        else
        {
            if (generated)
            {
                Model.SetKey(ref converted, key);
            }

            document = converted;
        }

        key = Model.GetKey(document);

        var primaryKey = _core.EncodeKey(key);
        if (scope.Primary.ContainsKey(primaryKey))
        {
            throw new DuplicateKeyException(Name, null, KeyString(key));
        }

        var bytes = Serialize(document, scope.Fields, key);
        var keys = IndexMaintenance<T, TKey>.EntryKeys(Name, scope.Binding, document, key, primaryKey);
        for (var i = 0; i < keys.Length; i++)
        {
            scope.Binding.Entries.CheckUnique(scope.Indexes[i], i, keys[i], primaryKey, KeyString(key));
        }

        var changes = IndexMaintenance<T, TKey>.PlannedChanges();
        changes.Put(scope.Primary, primaryKey, bytes);
        for (var i = 0; i < keys.Length; i++)
        {
            IndexMaintenance<T, TKey>.PlanEntryChanges(changes, scope.Indexes[i], scope.Binding, i, [], keys[i], primaryKey);
        }

        LogWrite(scope, changes, ChangeKind.Insert, bytes);
        changes.Apply(scope.Transaction, IsWholeTransaction(scope));
        _state.LastSequence = Math.Max(_state.LastSequence, Model.GetSequence(key));
        DocStoreMetrics.CountWritten(Name);
        return key;
    }

    /// <summary>
    /// A generated key: for a sequence, the number after the largest key stored or handed out, which must
    /// exist in the key's type (a sequence never wraps around to negative or reused numbers).
    /// </summary>
    private TKey NewKey()
    {
        var last = _state.LastSequence;
        if (Model.KeyGeneration != KeyGeneration.Sequence)
        {
            return Model.NewKey(last + 1);
        }

        var keyType = typeof(TKey) == typeof(int) ? "int" : "long";
        if (last == long.MaxValue)
        {
            throw new KeySequenceExhaustedException(Name, last, keyType);
        }

        try
        {
            return Model.NewKey(last + 1);
        }
        catch (OverflowException)
        {
            // The generated model converts the sequence to an int key with a checked conversion.
            throw new KeySequenceExhaustedException(Name, last, keyType);
        }
    }

    private bool UpdateCore(WriteScope scope, T document, bool converted = false)
    {
        ArgumentNullException.ThrowIfNull(document);
        if (!converted)
        {
            document = ToStored(document, Model.GetKey(document));
        }

        var key = Model.GetKey(document);
        var primaryKey = _core.EncodeKey(key);
        if (!scope.Primary.TryGet(primaryKey, out var old))
        {
            return false;
        }

        var oldKeys = IndexMaintenance<T, TKey>.StoredEntryKeys(scope.Binding, old.Span, scope.Fields);
        var bytes = Serialize(document, scope.Fields, key);
        var newKeys = IndexMaintenance<T, TKey>.EntryKeys(Name, scope.Binding, document, key, primaryKey);
        var added = new byte[newKeys.Length][][];
        var removed = new byte[newKeys.Length][][];
        for (var i = 0; i < newKeys.Length; i++)
        {
            (added[i], removed[i]) = IndexEntries.Changes(oldKeys[i], newKeys[i]);
            scope.Binding.Entries.CheckUnique(scope.Indexes[i], i, added[i], primaryKey, KeyString(key));
        }

        var changes = IndexMaintenance<T, TKey>.PlannedChanges();
        for (var i = 0; i < newKeys.Length; i++)
        {
            IndexMaintenance<T, TKey>.PlanEntryChanges(changes, scope.Indexes[i], scope.Binding, i, removed[i], added[i], primaryKey);
        }

        changes.Put(scope.Primary, primaryKey, bytes);
        LogWrite(scope, changes, ChangeKind.Update, bytes);
        changes.Apply(scope.Transaction, IsWholeTransaction(scope));
        DocStoreMetrics.CountWritten(Name);
        return true;
    }

    /// <summary>
    /// Whether an operation's planned changes are all its transaction changes: in a transaction of its own,
    /// unless new field names will also reach the catalog at commit.
    /// </summary>
    private bool IsWholeTransaction(WriteScope scope) => scope.OwnsTransaction && !_fields.HasNamesToWrite;

    private TKey UpsertCore(WriteScope scope, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        var key = Model.GetKey(document);
        if (Model.IsDefaultKey(key))
        {
            return InsertCore(scope, document);
        }

        // Converted once for both attempts.
        var stored = ToStored(document, key);
        return UpdateCore(scope, stored, converted: true) ? Model.GetKey(stored) : InsertCore(scope, document, stored, isConverted: true);
    }

    private bool DeleteCore(WriteScope scope, TKey key)
    {
        // The scratch key stays valid: reading the stored keys and deleting entries encode no primary key.
        var primaryKey = _core.EncodeKeyScratch(key);
        if (!scope.Primary.TryGet(primaryKey, out var old))
        {
            return false;
        }

        var oldKeys = IndexMaintenance<T, TKey>.StoredEntryKeys(scope.Binding, old.Span, scope.Fields);
        var changes = IndexMaintenance<T, TKey>.PlannedChanges();
        for (var i = 0; i < oldKeys.Length; i++)
        {
            IndexMaintenance<T, TKey>.PlanEntryChanges(changes, scope.Indexes[i], scope.Binding, i, oldKeys[i], [], primaryKey);
        }

        changes.Delete(scope.Primary, primaryKey);
        LogDelete(scope, changes, old.Span);
        changes.Apply(scope.Transaction, IsWholeTransaction(scope));
        DocStoreMetrics.CountWritten(Name);
        return true;
    }

    /// <summary>The trees and field dictionary one write operation works with.</summary>
    /// <param name="Primary">The primary tree.</param>
    /// <param name="Indexes">The index trees, in the model's index order.</param>
    /// <param name="Binding">The index set the trees belong to.</param>
    /// <param name="Fields">The field dictionary, for new field names.</param>
    /// <param name="Transaction">The write transaction the trees belong to.</param>
    /// <param name="OwnsTransaction">True when the operation runs in a transaction of its own.</param>
    private sealed record WriteScope(Tree Primary, Tree[] Indexes, IndexBinding<T, TKey> Binding, WriteFieldDictionary Fields, WriteTransaction Transaction, bool OwnsTransaction);
}
