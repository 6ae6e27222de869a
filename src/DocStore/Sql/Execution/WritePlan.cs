using DocStore.Bson;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>What an INSERT, UPDATE or DELETE does to each row.</summary>
internal enum WriteKind
{
    /// <summary>INSERT with a column list: each row's values go to the listed paths of a new document.</summary>
    InsertColumns,

    /// <summary>INSERT without a column list: each row is one whole document.</summary>
    InsertDocuments,

    /// <summary>INSERT ... SELECT: each row of the query gives one value per target path.</summary>
    InsertSelect,

    Update,
    Delete,
}

/// <summary>
/// A write statement bound and planned against one catalog: the query that finds the documents it
/// changes (UPDATE, DELETE) or computes its row values (INSERT), and the stored paths it assigns.
/// </summary>
internal sealed class WritePlan
{
    public required WriteKind Kind { get; init; }

    public required SqlCollection Collection { get; init; }

    /// <summary><c>SELECT *, values... FROM c WHERE ...</c>: column 0 the document, then the values (<see cref="Binder.BindWrite"/>).</summary>
    public required SelectPlan Select { get; init; }

    /// <summary>The assigned paths as stored field names (INSERT's columns, UPDATE's SET targets).</summary>
    public required string[][] Targets { get; init; }

    /// <summary>The paths as written, for error messages.</summary>
    public required string[] TargetTexts { get; init; }

    /// <summary>INSERT: how many rows, each of <see cref="Width"/> values (columns 1.. of <see cref="Select"/>, row by row).</summary>
    public int Rows { get; init; }

    /// <summary>What an inserted row that breaks a constraint does (<c>OR IGNORE</c>, <c>ON CONFLICT DO NOTHING</c>).</summary>
    public InsertConflict Conflict { get; init; }

    public int Width { get; init; }

    /// <summary>INSERT: the ON CONFLICT clauses and OR REPLACE, which resolve conflicts row by row (<see cref="InsertResolution"/>); null when none apply.</summary>
    public UpsertPlan? Upsert { get; init; }

    public static WritePlan? TryCompile(string sql, SqlStatement statement, Func<Binder> binder, Func<SqlCollection, IFieldDictionary> fields)
    {
        switch (statement)
        {
            case InsertStatement insert:
                return CompileInsert(sql, insert, binder, fields);
            case UpdateStatement update:
                var bound = binder().BindWrite(update.Collection, update.Where, [.. update.Assignments.Select(a => a.Value)], update.Span);
                var collection = Writable(sql, bound, update.Collection);
                var targets = ResolveTargets(sql, collection, fields(collection), update.Assignments.Select(a => a.Target));
                foreach (var (target, assignment) in targets.Zip(update.Assignments))
                {
                    if (target[0] == collection.KeyField)
                    {
                        throw SqlErrors.NotSupported(sql, assignment.Target.Span, $"UPDATE cannot change the key field '{collection.KeyField}' of '{collection.Name}': DELETE the document and INSERT it with the new key");
                    }

                    if (StrayIdField.Refuses(collection, target))
                    {
                        throw SqlErrors.NotSupported(sql, assignment.Target.Span, StrayIdField.Message(collection));
                    }
                }

                return new WritePlan
                {
                    Kind = WriteKind.Update,
                    Collection = collection,
                    Select = Planner.Plan(bound),
                    Targets = targets,
                    TargetTexts = [.. update.Assignments.Select(a => Text(sql, a.Target))],
                };
            case DeleteStatement delete:
                var found = binder().BindWrite(delete.Collection, delete.Where, [], delete.Span);
                return new WritePlan
                {
                    Kind = WriteKind.Delete,
                    Collection = Writable(sql, found, delete.Collection),
                    Select = Planner.Plan(found),
                    Targets = [],
                    TargetTexts = [],
                };
            default:
                return null;
        }
    }

    private static WritePlan CompileInsert(string sql, InsertStatement insert, Func<Binder> binder, Func<SqlCollection, IFieldDictionary> fields)
    {
        var bound = binder().BindWrite(insert.Collection, null, [.. insert.Rows.SelectMany(r => r.Values)], insert.Span);
        var collection = Writable(sql, bound, insert.Collection);

        // Without a column list a table takes one value per declared column, in order; a collection
        // without declared columns one document per row.
        var columns = insert.Columns.IsEmpty && collection.Columns.Count > 0
            ? [.. collection.Columns.Select(c => new[] { c.Name })]
            : ResolveTargets(sql, collection, fields(collection), insert.Columns);
        var width = insert.Columns.IsEmpty && collection.Columns.Count == 0 ? 1 : columns.Length;
        var texts = insert.Columns.IsEmpty ? [.. columns.Select(c => c[0])] : insert.Columns.Select(c => Text(sql, c)).ToArray();
        foreach (var (column, path) in columns.Zip(insert.Columns))
        {
            if (StrayIdField.Refuses(collection, column))
            {
                throw SqlErrors.NotSupported(sql, path.Span, StrayIdField.Message(collection));
            }
        }

        if (insert.Source is { } source)
        {
            return CompileInsertSelect(sql, insert, source, binder(), collection, columns, texts, fields);
        }

        foreach (var row in insert.Rows)
        {
            if (row.Values.Length != width)
            {
                var expected = insert.Columns.IsEmpty && collection.Columns.Count == 0
                    ? "one document (INSERT without a column list takes one document per row)"
                    : insert.Columns.IsEmpty ? $"{width} value(s), one per column of table '{collection.Name}'" : $"{width} value(s), one per column";
                throw SqlErrors.At(sql, row.Span, DocStoreErrorCode.SqlType, $"This row has {row.Values.Length} value(s); it needs {expected}");
            }
        }

        foreach (var column in bound.Columns.Skip(1))
        {
            if (column.Value.Walk().Any(e => e is PathExpr or DocumentExpr))
            {
                throw SqlErrors.At(sql, insert.Span, DocStoreErrorCode.SqlType, $"The value '{column.Value.Text}' refers to a field: INSERT values are constants, parameters and expressions over them");
            }
        }

        return new WritePlan
        {
            Kind = width == 1 && insert.Columns.IsEmpty && collection.Columns.Count == 0 ? WriteKind.InsertDocuments : WriteKind.InsertColumns,
            Collection = collection,
            Select = Planner.Plan(bound),
            Targets = columns,
            TargetTexts = texts,
            Rows = insert.Rows.Length,
            Width = width,
            Conflict = insert.Conflict,
            Upsert = UpsertPlan.Compile(sql, insert, binder, collection, fields),
        };
    }

    /// <summary><c>INSERT INTO c [(paths)] SELECT ...</c>: the query's columns go to the paths (or the table's columns) in order.</summary>
    private static WritePlan CompileInsertSelect(string sql, InsertStatement insert, SelectQuery source, Binder binder, SqlCollection collection, string[][] columns, string[] texts, Func<SqlCollection, IFieldDictionary> fields)
    {
        if (columns.Length == 0)
        {
            throw SqlErrors.NotSupported(sql, insert.Collection.Span, $"INSERT INTO {collection.Name} SELECT needs a column list: '{collection.Name}' declares no columns (CREATE TABLE with columns, or list the paths)");
        }

        var query = binder.Bind(source);
        if (query.Columns.Length != columns.Length)
        {
            throw SqlErrors.At(sql, source.Span, DocStoreErrorCode.SqlType, $"The SELECT gives {query.Columns.Length} column(s); INSERT INTO {collection.Name} needs {columns.Length}, one per {(insert.Columns.IsEmpty ? "declared column" : "listed path")}");
        }

        return new WritePlan
        {
            Kind = WriteKind.InsertSelect,
            Collection = collection,
            Select = Planner.Plan(query),
            Targets = columns,
            TargetTexts = texts,
            Width = columns.Length,
            Conflict = insert.Conflict,
            Upsert = UpsertPlan.Compile(sql, insert, () => binder, collection, fields),
        };
    }

    private static SqlCollection Writable(string sql, BoundSelect bound, SqlName name)
    {
        var collection = bound.Sources[0].Collection;
        if (collection.IsSystem)
        {
            throw SqlErrors.NotSupported(sql, name.Span, $"'{collection.Name}' is a system table: it is read-only");
        }

        return collection;
    }

    /// <summary>Each path as stored names: a name the collection has (exactly, else the one match ignoring case, unless quoted), else as written.</summary>
    internal static string[][] ResolveTargets(string sql, SqlCollection collection, IFieldDictionary fields, IEnumerable<PathExpression> paths)
    {
        var result = new List<string[]>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var path in paths)
        {
            var names = new string[path.Segments.Length];
            for (var i = 0; i < names.Length; i++)
            {
                var segment = path.Segments[i];
                if (segment.AnyElement)
                {
                    throw SqlErrors.NotSupported(sql, segment.Span, $"'{Text(sql, path)}' names array elements ('[]'); a write assigns a whole field: set the array itself");
                }

                // A table's declared column wins, matched as SQLite matches column names (ignoring case).
                names[i] = i == 0 && !segment.Name.Quoted && collection.Columns.FirstOrDefault(c => string.Equals(c.Name, segment.Name.Text, StringComparison.OrdinalIgnoreCase)) is { } declared
                    ? declared.Name
                    : Resolve(fields, segment.Name);
            }

            var joined = string.Join('.', names);
            if (!seen.Add(joined) || seen.Any(s => s.StartsWith(joined + ".", StringComparison.Ordinal) || joined.StartsWith(s + ".", StringComparison.Ordinal)))
            {
                throw SqlErrors.At(sql, path.Span, DocStoreErrorCode.SqlType, $"The path '{Text(sql, path)}' is assigned twice (or overlaps another assigned path) in '{collection.Name}'");
            }

            result.Add(names);
        }

        return [.. result];
    }

    private static string Resolve(IFieldDictionary fields, SqlName name)
    {
        if (name.Quoted || fields.TryGetId(name.Text, out _))
        {
            return name.Text;
        }

        var matches = fields.Where(f => string.Equals(f.Name, name.Text, StringComparison.OrdinalIgnoreCase)).Select(f => f.Name).Take(2).ToList();
        return matches.Count == 1 ? matches[0] : name.Text;
    }

    internal static string Text(string sql, SqlNode node) => sql.Substring(node.Span.Start, node.Span.Length);
}
