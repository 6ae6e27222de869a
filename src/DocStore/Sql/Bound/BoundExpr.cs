namespace DocStore.Sql.Bound;

/// <summary>
/// A bound expression: names resolved to sources and field ids, ready to evaluate against a
/// <see cref="RowContext"/>. Trees are immutable and shared by every execution of a cached plan.
/// </summary>
internal abstract class BoundExpr
{
    /// <summary>The expression as written (EXPLAIN and column names show it).</summary>
    public required string Text { get; init; }

    public virtual IEnumerable<BoundExpr> Children => [];

    public abstract SqlValue Eval(RowContext row);

    /// <summary>The truth of a value: NULL is unknown; numbers and booleans are true when not zero, text when the number it starts with is (as in SQLite); anything else is false.</summary>
    public static bool? Truth(in SqlValue value) => value.Kind switch
    {
        SqlKind.Null => null,
        SqlKind.Boolean or SqlKind.Integer => value.Integer != 0,
        SqlKind.Double => value.Real != 0,
        SqlKind.Decimal => value.Number != 0,
        SqlKind.Text => Truth(NumericText.Prefix(value.AsString())),
        _ => false,
    };

    /// <summary>A predicate's result as SQLite gives it: the integer 1 or 0, or NULL for unknown.</summary>
    public static SqlValue FromTruth(bool? truth) => truth is { } t ? SqlValue.FromInt64(t ? 1 : 0) : SqlValue.Null;

    /// <summary>True when the expression evaluated in a WHERE clause accepts the row.</summary>
    public bool Accepts(RowContext row) => Truth(Eval(row)) == true;

    /// <summary>Every node of the tree, this one first.</summary>
    public IEnumerable<BoundExpr> Walk()
    {
        yield return this;
        foreach (var child in Children)
        {
            foreach (var node in child.Walk())
            {
                yield return node;
            }
        }
    }

    public override string ToString() => Text;
}

/// <summary>A constant.</summary>
internal sealed class LiteralExpr(SqlValue value) : BoundExpr
{
    public SqlValue Value { get; } = value;

    public override SqlValue Eval(RowContext row) => Value;
}

/// <summary>A parameter, by its slot in the statement's parameter list.</summary>
internal sealed class ParameterExpr(int slot) : BoundExpr
{
    public int Slot { get; } = slot;

    public override SqlValue Eval(RowContext row) => row.Parameters[Slot];
}

/// <summary>A whole source document (<c>*</c>, <c>alias.*</c> or a bare alias).</summary>
internal sealed class DocumentExpr(int source) : BoundExpr
{
    public int Source { get; } = source;

    public override SqlValue Eval(RowContext row)
    {
        var document = row.Docs[Source];
        return document.IsEmpty ? SqlValue.Null : SqlValue.FromDocument(document, row.Fields[Source]);
    }
}

/// <summary>
/// A path into one source's document, by field ids. With a <c>[]</c> segment it stands, inside a
/// predicate, for the element being tested (see <see cref="AnyElementExpr"/>); elsewhere it returns the
/// array of the values it reaches.
/// </summary>
internal sealed class PathExpr(int source, ushort[] ids, int expand, int slot, string storedPath) : BoundExpr
{
    public int Source { get; } = source;

    public ushort[] Ids { get; } = ids;

    /// <summary>The segment followed by <c>[]</c>, or -1.</summary>
    public int Expand { get; } = expand;

    /// <summary>The element slot of a <c>[]</c> path, or -1.</summary>
    public int Slot { get; } = slot;

    /// <summary>The path in stored names, as index definitions write it (<c>Lines[].Sku</c>).</summary>
    public string StoredPath { get; } = storedPath;

    public override SqlValue Eval(RowContext row)
    {
        if (Expand < 0)
        {
            return PathReader.ReadSingle(row.Docs[Source], Ids, row.Fields[Source]);
        }

        if (row.ElementActive[Slot])
        {
            return row.Elements[Slot];
        }

        var values = new List<SqlValue>();
        PathReader.ReadElements(row.Docs[Source], Ids, Expand, row.Fields[Source], values);
        var array = new Bson.Model.BsonArray(values.Count);
        foreach (var value in values)
        {
            array.Add(BsonValues.ToBson(value));
        }

        return SqlValue.FromOther(array);
    }
}

/// <summary>
/// A predicate over a <c>[]</c> path: true when some element satisfies it, false otherwise (never NULL),
/// as <c>EXISTS (SELECT 1 FROM json_each(...) WHERE ...)</c> is in SQLite.
/// </summary>
internal sealed class AnyElementExpr(BoundExpr predicate, PathExpr path) : BoundExpr
{
    public BoundExpr Predicate { get; } = predicate;

    public PathExpr Path { get; } = path;

    public override IEnumerable<BoundExpr> Children => [Predicate];

    public override SqlValue Eval(RowContext row)
    {
        var slot = Path.Slot;
        var elements = row.ElementList(slot);
        PathReader.ReadElements(row.Docs[Path.Source], Path.Ids, Path.Expand, row.Fields[Path.Source], elements);
        try
        {
            row.ElementActive[slot] = true;
            foreach (var element in elements)
            {
                row.Elements[slot] = element;
                if (Predicate.Accepts(row))
                {
                    return FromTruth(true);
                }
            }

            return FromTruth(false);
        }
        finally
        {
            row.ElementActive[slot] = false;
        }
    }
}

/// <summary>An aggregate's result for the current group.</summary>
internal sealed class AggregateRefExpr(int index) : BoundExpr
{
    public int Index { get; } = index;

    public override SqlValue Eval(RowContext row) => row.Aggregates![Index];
}

/// <summary>An output column of the current row (ORDER BY by alias or ordinal).</summary>
internal sealed class ColumnRefExpr(int index) : BoundExpr
{
    public int Index { get; } = index;

    public override SqlValue Eval(RowContext row) => row.Columns![Index];
}

/// <summary><c>(SELECT ...)</c> as a value: its first row's first column, or NULL; computed once per execution unless correlated.</summary>
internal sealed class ScalarSubqueryExpr(int slot, bool correlated = false) : BoundExpr, ICorrelatedExpr
{
    /// <inheritdoc/>
    public int ReadsSource { get; init; } = -1;

    /// <inheritdoc/>
    public ulong ReadsSources { get; init; }

    public int Slot { get; } = slot;

    /// <summary>True when the subquery reads the outer row: it runs again for each row instead of once.</summary>
    public bool Correlated { get; } = correlated;

    public override SqlValue Eval(RowContext row)
    {
        if (Correlated)
        {
            return row.SubqueryRows!(Slot, row).FirstOrDefault() is { } first ? first[0] : SqlValue.Null;
        }

        if (row.Subqueries[Slot] is not SqlValue[] cached)
        {
            var rows = row.RunSubquery!(Slot, row);
            cached = [rows.Count == 0 ? SqlValue.Null : rows[0][0]];
            row.Subqueries[Slot] = cached;
        }

        return cached[0];
    }
}
