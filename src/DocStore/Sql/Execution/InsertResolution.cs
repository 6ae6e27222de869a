using System.Buffers;
using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Collections.Typing;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// An INSERT with ON CONFLICT clauses or OR REPLACE, resolved row by row as SQLite does: each row's
/// uniqueness constraints are checked, the clauses' targets first, then the primary key and the unique
/// indexes; a conflict on a clause's target does that clause (DO NOTHING leaves the row out, DO UPDATE
/// changes the conflicting row instead), any other conflict does the statement's resolution (REPLACE deletes
/// the conflicting row and goes on, IGNORE leaves the row out, ABORT fails the statement). Later rows see
/// what earlier ones did. Everything is decided against <see cref="WriteChecks"/> before the first change,
/// then applied: the statement's stored rows deleted, their final versions and the new rows inserted.
/// </summary>
internal sealed class InsertResolution
{
    private readonly WritePlan _plan;
    private readonly UpsertPlan _upsert;
    private readonly ExecState _state;
    private readonly BsonCollection _collection;
    private readonly WriteChecks _checks;
    private readonly TableWrites? _table;
    private readonly TypedWrites? _types;
    private readonly int[] _order;
    private readonly Dictionary<string, Row> _rows = new(StringComparer.Ordinal);
    private readonly List<Row> _touched = [];

    private InsertResolution(WritePlan plan, ExecState state, BsonCollection collection, WriteChecks checks, TableWrites? table, TypedWrites? types)
    {
        (_plan, _upsert, _state, _collection, _checks, _table, _types) = (plan, plan.Upsert!, state, collection, checks, table, types);

        // The clauses' targets are checked first, in clause order, then the other constraints.
        var targets = _upsert.Clauses.Select(c => c.Constraint).OfType<string>().Select(Number).OfType<int>();
        _order = [.. targets.Concat(Enumerable.Range(-1, checks.UniqueIndexCount + 1)).Distinct()];
    }

    /// <summary>Resolves and applies <paramref name="documents"/>; the rows inserted or updated.</summary>
    public static int Run(WritePlan plan, ExecState state, BsonCollection collection, DocStoreTransaction transaction, List<BsonDocument> documents, TableWrites? table, WriteChecks checks, TypedWrites? types)
    {
        var resolution = new InsertResolution(plan, state, collection, checks, table, types);
        var changed = documents.Count(resolution.Resolve);
        resolution.Apply(transaction);
        return changed;
    }

    /// <summary>Decides what <paramref name="document"/> does; true when it inserts or updates a row.</summary>
    private bool Resolve(BsonDocument document)
    {
        var conflict = _plan.Conflict;
        if (_table is not null && !_table.PrepareInsert(document, ignoreNotNull: conflict == InsertConflict.Ignore, defaultForNull: conflict == InsertConflict.Replace))
        {
            return false;
        }

        var primaryKey = _checks.PrimaryKeyOf(document);
        foreach (var constraint in _order)
        {
            if (_checks.HolderOf(constraint, document, primaryKey) is not { } holder)
            {
                continue;
            }

            if (Clause(constraint) is { } clause)
            {
                return clause.Set is not null && Update(holder, document, clause);
            }

            switch (conflict)
            {
                case InsertConflict.Replace:
                    var replaced = Find(holder);
                    _checks.Free(replaced.Current!, holder);
                    replaced.Current = null;
                    break;
                case InsertConflict.Ignore or InsertConflict.DoNothing:
                    return false;
                default:
                    throw _checks.Conflict(constraint, document);
            }
        }

        _checks.Add(document, primaryKey);
        Find(primaryKey, document).Current = document;
        return true;
    }

    /// <summary>DO UPDATE on the row <paramref name="holder"/> names, with <paramref name="excluded"/> the row that conflicted; false when its WHERE leaves the row alone.</summary>
    private bool Update(byte[] holder, BsonDocument excluded, UpsertAction clause)
    {
        var row = Find(holder);
        var old = row.Current!;
        var values = Evaluate(clause, old, excluded);
        if (clause.HasWhere && BoundExpr.Truth(values[^1]) != true)
        {
            return false;
        }

        var changed = old.DeepClone();
        var key = old.TryGetValue(_collection.KeyField, out var k) ? k.ToString() : null;
        for (var i = 0; i < clause.Targets.Length; i++)
        {
            var value = DocumentPaths.Storable(BsonValues.ToBson(values[i]));
            value = _types?.Convert(clause.Targets[i], value, key) ?? value;
            DocumentPaths.Set(changed, clause.Targets[i], value, clause.TargetTexts[i], _collection.Name);
        }

        _table?.PrepareUpdate(changed, clause.Targets);

        // The update's own conflicts fail the statement, as SQLite's DO UPDATE does.
        _checks.Update(old, changed);
        row.Current = changed;
        return true;
    }

    /// <summary>The clause's SET values (then its WHERE) over the conflicting row, with <c>excluded</c> the row that conflicted.</summary>
    private SqlValue[] Evaluate(UpsertAction clause, BsonDocument target, BsonDocument excluded)
    {
        var plan = clause.Set!;
        var query = plan.Query;
        var fields = new FieldDictionary(_state.Fields(_plan.Collection));
        var outer = new RowContext(1, 0, 0, _state.Parameters, _state.Sql) { StatementClock = () => _state.Clock };
        outer.Docs[0] = Encode(excluded, fields);
        outer.Fields[0] = fields;
        var row = new RowContext(1, query.ElementSlots, query.Subqueries.Length, _state.Parameters, _state.Sql)
        {
            Outer = outer,
            StatementClock = () => _state.Clock,
            CaseSensitiveLike = _state.Session?.CaseSensitiveLike == true,
        };
        row.RunSubquery = (slot, current) => [.. SelectExecutor.Run(plan.Subqueries[slot], _state, current)];
        row.SubqueryRows = (slot, current) => SelectExecutor.Run(plan.Subqueries[slot], _state, current);
        row.Docs[0] = Encode(target, fields);
        row.Fields[0] = fields;
        var values = new SqlValue[query.Columns.Length - 1];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = query.Columns[1 + i].Value.Eval(row);
        }

        return values;
    }

    private byte[] Encode(BsonDocument document, FieldDictionary fields)
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        var writer = new CBsonWriter(buffer);
        _collection.Model.Write(ref writer, document, fields);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>The first clause for <paramref name="constraint"/>: one that targets it, or one without a target.</summary>
    private UpsertAction? Clause(int constraint) =>
        _upsert.Clauses.FirstOrDefault(c => c.Constraint is null || Number(c.Constraint) == constraint);

    private int? Number(string constraint) => constraint == UpsertAction.PrimaryKey ? -1 : _checks.IndexNumber(constraint);

    /// <summary>The statement's view of the row <paramref name="primaryKey"/> names: as an earlier row left it, else as stored, else the new <paramref name="inserted"/>.</summary>
    private Row Find(byte[] primaryKey, BsonDocument? inserted = null)
    {
        var hex = Convert.ToHexString(primaryKey);
        if (!_rows.TryGetValue(hex, out var row))
        {
            var stored = inserted is null ? _checks.Stored(primaryKey, _state, _plan.Collection) : null;
            row = new Row { StoredKey = stored?[_collection.KeyField], Stored = stored, Current = stored ?? inserted };
            _rows[hex] = row;
            _touched.Add(row);
        }

        return row;
    }

    /// <summary>
    /// Applies the final version of each touched row. A stored row that keeps its key is updated in place, so
    /// the change feed reports an update, unless it takes a unique value another touched row held before the
    /// statement (an update then could meet that value before the other row lets go of it). Every other stored
    /// row is deleted first and its final version, like each new row, inserted after the updates.
    /// </summary>
    private void Apply(DocStoreTransaction transaction)
    {
        var holders = new Dictionary<(int, string), Row>();
        foreach (var row in _touched)
        {
            if (row.Stored is { } stored)
            {
                foreach (var value in _checks.UniqueValues(stored))
                {
                    holders.TryAdd(value, row);
                }
            }
        }

        var inPlace = _touched.Select(row => InPlace(row, holders)).ToArray();
        for (var i = 0; i < _touched.Count; i++)
        {
            if (_touched[i].StoredKey is { } key && !inPlace[i])
            {
                _collection.Delete(transaction, key);
            }
        }

        for (var i = 0; i < _touched.Count; i++)
        {
            if (inPlace[i])
            {
                _collection.UpdateTyped(transaction, _touched[i].Current!);
            }
        }

        for (var i = 0; i < _touched.Count; i++)
        {
            if (_touched[i].Current is { } document && !inPlace[i])
            {
                // Converted as it was built, so the collection does not convert (and copy) it again.
                _collection.InsertTyped(transaction, document);
            }
        }
    }

    private bool InPlace(Row row, Dictionary<(int, string), Row> holders) =>
        row is { Stored: not null, Current: { } current, StoredKey: { } key }
        && current.TryGetValue(_collection.KeyField, out var now) && now.Equals(key)
        && _checks.UniqueValues(current).All(value => !holders.TryGetValue(value, out var holder) || holder == row);

    private sealed class Row
    {
        public BsonValue? StoredKey { get; init; }

        public BsonDocument? Stored { get; init; }

        public BsonDocument? Current { get; set; }
    }
}
