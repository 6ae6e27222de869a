using DocStore.Bson;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// An INSERT's ON CONFLICT clauses, bound: for each, the constraint its target names (matched as SQLite
/// matches it: the columns of the PRIMARY KEY or of a UNIQUE constraint or index, in any order) and, for
/// DO UPDATE, the query that computes the new values and the WHERE over the conflicting row and
/// <c>excluded</c> (<see cref="Binder.BindUpsert"/>).
/// </summary>
internal sealed class UpsertPlan
{
    /// <summary>The clauses in order.</summary>
    public required UpsertAction[] Clauses { get; init; }

    /// <summary>The plan of <paramref name="insert"/>'s clauses; null when it has none and is no OR REPLACE.</summary>
    public static UpsertPlan? Compile(string sql, InsertStatement insert, Func<Binder> binder, SqlCollection collection, Func<SqlCollection, IFieldDictionary> fields)
    {
        if (insert.Upserts.IsEmpty && insert.Conflict != InsertConflict.Replace)
        {
            return null;
        }

        var clauses = new List<UpsertAction>();
        foreach (var clause in insert.Upserts)
        {
            var constraint = clause.Target.IsEmpty ? null : Constraint(sql, clause, collection);
            if (clause.DoNothing)
            {
                clauses.Add(new UpsertAction(constraint, null, [], [], false));
                continue;
            }

            var values = clause.Assignments.Select(a => a.Value).ToList();
            if (clause.Where is { } where)
            {
                values.Add(where);
            }

            var bound = binder().BindUpsert(insert.Collection, values, clause.Span);
            var targets = WritePlan.ResolveTargets(sql, collection, fields(collection), clause.Assignments.Select(a => a.Target));
            foreach (var (target, assignment) in targets.Zip(clause.Assignments))
            {
                if (target[0] == collection.KeyField)
                {
                    throw SqlErrors.NotSupported(sql, assignment.Target.Span, $"DO UPDATE cannot change the key field '{collection.KeyField}' of '{collection.Name}': the conflicting row keeps its key");
                }

                if (StrayIdField.Refuses(collection, target))
                {
                    throw SqlErrors.NotSupported(sql, assignment.Target.Span, StrayIdField.Message(collection));
                }
            }

            clauses.Add(new UpsertAction(constraint, Planner.Plan(bound), targets, [.. clause.Assignments.Select(a => WritePlan.Text(sql, a.Target))], clause.Where is not null));
        }

        return new UpsertPlan { Clauses = [.. clauses] };
    }

    /// <summary>The constraint a conflict target names: <see cref="UpsertAction.PrimaryKey"/> or a unique index's name.</summary>
    private static string Constraint(string sql, UpsertClause clause, SqlCollection collection)
    {
        var names = clause.Target.Select(n => Column(collection, n)).ToHashSet(StringComparer.Ordinal);
        if (names.Count == 1 && names.Contains(collection.KeyField))
        {
            return UpsertAction.PrimaryKey;
        }

        foreach (var index in collection.Indexes)
        {
            if ((index.Unique || index.UniqueNonNull) && !index.Multikey && index.Paths.Count == names.Count && index.Paths.All(p => names.Contains(CollatedPaths.Stored(p))))
            {
                return index.Name;
            }
        }

        var known = collection.Indexes.Where(i => i.Unique || i.UniqueNonNull).Select(i => $"({string.Join(", ", i.Paths.Select(CollatedPaths.Stored))})").Prepend($"({collection.KeyField})");
        throw SqlErrors.At(sql, clause.Span, DocStoreErrorCode.SqlType, $"ON CONFLICT ({string.Join(", ", clause.Target.Select(n => n.Text))}) matches no PRIMARY KEY or UNIQUE constraint of '{collection.Name}' (its unique keys: {string.Join(", ", known)})");
    }

    private static string Column(SqlCollection collection, SqlName name) =>
        !name.Quoted && collection.Columns.FirstOrDefault(c => string.Equals(c.Name, name.Text, StringComparison.OrdinalIgnoreCase)) is { } declared ? declared.Name : name.Text;
}

/// <summary>One ON CONFLICT clause, bound.</summary>
/// <param name="Constraint">The constraint its target names (<see cref="PrimaryKey"/> or an index name); null for any.</param>
/// <param name="Set">DO UPDATE's query: column 0 the conflicting document, then the SET values, then the WHERE; null for DO NOTHING.</param>
/// <param name="Targets">The assigned paths as stored names.</param>
/// <param name="TargetTexts">The paths as written.</param>
/// <param name="HasWhere">True when the last column of <paramref name="Set"/> is DO UPDATE's WHERE.</param>
internal sealed record UpsertAction(string? Constraint, SelectPlan? Set, string[][] Targets, string[] TargetTexts, bool HasWhere)
{
    /// <summary>The constraint name of the primary key.</summary>
    public const string PrimaryKey = "";
}
