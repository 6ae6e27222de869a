using System.Linq;
using DocStore.Sql.Ast;

namespace DocStore.Generators.SqlChecks;

/// <summary>One unknown name found in the SQL text.</summary>
/// <param name="Span">The name's characters in the SQL text.</param>
/// <param name="IsCollection">True for a collection, false for a field.</param>
/// <param name="Name">The name as written.</param>
/// <param name="Where">For a field: the level it was looked up in, as messages say it.</param>
internal sealed record SqlNameProblem(SourceSpan Span, bool IsCollection, string Name, string Where);

/// <summary>
/// Walks parsed statements and resolves collection names and field paths against a <see cref="SqlSchema"/>
/// by the binder's rules (aliases, unqualified names found in the one source that has them, exact then
/// case-insensitive names, <c>"quoted"</c> names exactly, ORDER BY output aliases). Paths are checked
/// level by level against the model, so a name that exists only at another depth is reported too.
/// Whatever cannot be known (a collection outside the model, an ambiguous name) is skipped.
/// </summary>
internal sealed class SqlNameChecker
{
    private readonly SqlSchema _schema;
    private readonly string _sql;
    private readonly List<SqlNameProblem> _problems = new();

    private SqlNameChecker(SqlSchema schema, string sql)
    {
        _schema = schema;
        _sql = sql;
    }

    /// <summary>The unknown names in <paramref name="statements"/>, parsed from <paramref name="sql"/>.</summary>
    public static IReadOnlyList<SqlNameProblem> Check(SqlSchema schema, string sql, IEnumerable<SqlStatement> statements)
    {
        var checker = new SqlNameChecker(schema, sql);
        foreach (SqlStatement statement in statements)
        {
            checker.Statement(statement);
        }

        return checker._problems;
    }

    private void Statement(SqlStatement statement)
    {
        switch (statement)
        {
            case SelectStatement select:
                Query(select.Query, null);
                break;
            case ExplainStatement explain:
                Statement(explain.Statement);
                break;
            case InsertStatement insert:
                Write(insert.Collection, insert.Columns, insert.Rows.SelectMany(r => r.Values), null);
                break;
            case UpdateStatement update:
                Write(update.Collection, update.Assignments.Select(a => a.Target), update.Assignments.Select(a => a.Value), update.Where);
                break;
            case DeleteStatement delete:
                Write(delete.Collection, Enumerable.Empty<PathExpression>(), Enumerable.Empty<SqlExpression>(), delete.Where);
                break;
            case CreateIndexStatement create:
                Write(create.Collection, create.Paths, Enumerable.Empty<SqlExpression>(), null);
                break;
            case DropIndexStatement drop:
                Collection(drop.Collection);
                break;
        }
    }

    /// <summary>A write is bound as a query over its collection, so its values and filter see that collection's fields.</summary>
    private void Write(SqlName collection, IEnumerable<PathExpression> targets, IEnumerable<SqlExpression> values, SqlExpression? where)
    {
        var scope = new Scope(null);
        scope.Add(collection.Text, Collection(collection));
        foreach (PathExpression target in targets)
        {
            Path(target, scope);
        }

        foreach (SqlExpression value in values)
        {
            Expression(value, scope);
        }

        if (where is not null)
        {
            Expression(where, scope);
        }
    }

    private FieldNode? Collection(SqlName name)
    {
        FieldNode? found = _schema.Find(name.Text, name.Quoted, out _, out bool ambiguous);
        if (found is null && !ambiguous && _schema.IsComplete)
        {
            _problems.Add(new SqlNameProblem(name.Span, IsCollection: true, name.Text, string.Empty));
        }

        return found;
    }

    private void Query(SelectQuery query, Scope? outer)
    {
        var scope = new Scope(outer);
        foreach (TableSource table in new[] { query.From }.Concat(query.Joins.Select(j => j.Source)))
        {
            FieldNode? fields = Collection(table.Collection);
            _schema.Find(table.Collection.Text, table.Collection.Quoted, out string? resolved, out _);
            scope.Add(table.Alias?.Text ?? resolved ?? table.Collection.Text, fields);
        }

        foreach (JoinClause join in query.Joins)
        {
            Expression(join.On, scope);
        }

        var outputNames = new List<string>();
        foreach (SelectItem item in query.Items)
        {
            if (item is ExpressionItem expression)
            {
                Expression(expression.Expression, scope);

                // A column without an alias is named by its text, as the binder names it.
                outputNames.Add(expression.Alias?.Text ?? _sql.Substring(expression.Expression.Span.Start, expression.Expression.Span.Length));
            }
        }

        Optional(query.Where, scope);
        foreach (SqlExpression group in query.GroupBy)
        {
            Expression(group, scope);
        }

        Optional(query.Having, scope);
        foreach (OrderingTerm term in query.OrderBy)
        {
            // A lone name may be an output alias of the select list, which the binder tries first.
            if (term.Expression is PathExpression { Segments.Length: 1 } path && !path.Segments[0].AnyElement
                && SqlSchema.Resolve(outputNames, path.Segments[0].Name.Text, path.Segments[0].Name.Quoted, out bool ambiguous) is not null | ambiguous)
            {
                continue;
            }

            Expression(term.Expression, scope);
        }

        Optional(query.Limit, scope);
        Optional(query.Offset, scope);
    }

    private void Optional(SqlExpression? expression, Scope scope)
    {
        if (expression is not null)
        {
            Expression(expression, scope);
        }
    }

    private void Expression(SqlExpression expression, Scope scope)
    {
        switch (expression)
        {
            case PathExpression path:
                Path(path, scope);
                break;
            case UnaryExpression unary:
                Expression(unary.Operand, scope);
                break;
            case BinaryExpression binary:
                Expression(binary.Left, scope);
                Expression(binary.Right, scope);
                break;
            case IsNullExpression isNull:
                Expression(isNull.Operand, scope);
                break;
            case InListExpression inList:
                Expression(inList.Operand, scope);
                foreach (SqlExpression item in inList.Items)
                {
                    Expression(item, scope);
                }

                break;
            case InSubqueryExpression inSubquery:
                Expression(inSubquery.Operand, scope);
                Query(inSubquery.Query, scope);
                break;
            case BetweenExpression between:
                Expression(between.Operand, scope);
                Expression(between.Low, scope);
                Expression(between.High, scope);
                break;
            case LikeExpression like:
                Expression(like.Operand, scope);
                Expression(like.Pattern, scope);
                break;
            case FunctionCall call:
                foreach (SqlExpression argument in call.Arguments)
                {
                    Expression(argument, scope);
                }

                break;
            case ScalarSubquery scalar:
                Query(scalar.Query, scope);
                break;
        }
    }

    private void Path(PathExpression path, Scope scope)
    {
        PathSegment head = path.Segments[0];
        int first = 0;
        Source? source;
        if (!head.AnyElement && path.Segments.Length > 1 && scope.FindSource(head.Name) is { } qualified)
        {
            source = qualified;
            first = 1;
        }
        else
        {
            if (scope.HasUnknownSource)
            {
                return;
            }

            source = scope.SourceWithField(head.Name, out bool ambiguous);
            if (ambiguous)
            {
                return;
            }

            if (source is null)
            {
                bool wholeDocument = !head.AnyElement && path.Segments.Length == 1 && scope.FindSource(head.Name) is not null;
                if (!wholeDocument && !(scope.Outer?.CanResolve(head.Name) ?? false))
                {
                    string where = scope.Sources.Count == 1 ? scope.Sources[0].Fields!.Description
                        : "any of " + string.Join(", ", scope.Sources.Select(s => $"'{s.Alias}'"));
                    _problems.Add(new SqlNameProblem(head.Name.Span, IsCollection: false, head.Name.Text, where));
                }

                return;
            }
        }

        FieldNode? level = source.Fields;
        for (int i = first; i < path.Segments.Length && level is { IsOpen: false }; i++)
        {
            SqlName name = path.Segments[i].Name;
            string? resolved = SqlSchema.Resolve(level.Names, name.Text, name.Quoted, out bool ambiguous);
            if (resolved is null)
            {
                if (!ambiguous)
                {
                    _problems.Add(new SqlNameProblem(name.Span, IsCollection: false, name.Text, level.Description));
                }

                return;
            }

            level = level[resolved];
        }
    }

    private sealed record Source(string Alias, FieldNode? Fields);

    /// <summary>The sources of one query level, and the level around it (for subqueries).</summary>
    private sealed class Scope(Scope? outer)
    {
        public Scope? Outer { get; } = outer;

        public List<Source> Sources { get; } = new();

        /// <summary>True when a source's collection is outside the model: then an unqualified name may be its field.</summary>
        public bool HasUnknownSource => Sources.Any(s => s.Fields is null);

        public void Add(string alias, FieldNode? fields) => Sources.Add(new Source(alias, fields));

        public Source? FindSource(SqlName name)
        {
            string? alias = SqlSchema.Resolve(Sources.Select(s => s.Alias), name.Text, name.Quoted, out _);
            return alias is null ? null : Sources.First(s => s.Alias == alias);
        }

        public Source? SourceWithField(SqlName name, out bool ambiguous)
        {
            ambiguous = false;
            List<Source> exact = Sources.Where(s => s.Fields!.IsOpen || s.Fields.Names.Contains(name.Text)).ToList();
            List<Source> matches = exact.Count > 0 || name.Quoted
                ? exact
                : Sources.Where(s => SqlSchema.Resolve(s.Fields!.Names, name.Text, false, out bool several) is not null || several).ToList();
            ambiguous = matches.Count > 1;
            return matches.Count == 1 ? matches[0] : null;
        }

        public bool CanResolve(SqlName name) =>
            FindSource(name) is not null || HasUnknownSource || SourceWithField(name, out bool ambiguous) is not null || ambiguous
            || (Outer?.CanResolve(name) ?? false);
    }
}
