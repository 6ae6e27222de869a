using System.Linq;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding.Names;

namespace DocStore.Generators.SqlChecks;

/// <summary>One unknown name found in the SQL text.</summary>
/// <param name="Span">The name's characters in the SQL text.</param>
/// <param name="IsCollection">True for a collection, false for a field.</param>
/// <param name="Name">The name as written.</param>
/// <param name="Where">For a field: the level it was looked up in, as messages say it.</param>
internal sealed record SqlNameProblem(SourceSpan Span, bool IsCollection, string Name, string Where);

/// <summary>
/// Walks parsed statements and resolves collection names and field paths against a <see cref="SqlSchema"/>
/// with the binder's own name rules, compiled in from the runtime: <see cref="SqlNameMatch"/> (exact then
/// case-insensitive names, <c>"quoted"</c> names exactly, also for ORDER BY output aliases) and
/// <see cref="SourceScope{TSource}"/> (aliases, unqualified names found in the one source that has them,
/// whole-document aliases, outer-query names). Paths are then checked level by level against the model,
/// so a name that exists only at another depth is reported too. Whatever cannot be known (a collection
/// outside the model, an ambiguous name) is skipped.
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
                if (insert.Source is { } source)
                {
                    Query(source, null);
                }

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
        Add(scope, collection, null);
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
        foreach (TableSource table in (query.From is null ? Enumerable.Empty<TableSource>() : new[] { query.From }).Concat(query.Joins.Select(j => j.Source)))
        {
            if (table.Subquery is not null)
            {
                // A subquery in FROM has sources of its own; its columns are not known here.
                Query(table.Subquery, null);
                scope.Sources.Add(new Source(table.Collection.Text, table.Collection.Text, null));
                continue;
            }

            Add(scope, table.Collection, table.Alias);
        }

        foreach (JoinClause join in query.Joins)
        {
            Optional(join.On, scope);
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
                && SqlNameMatch.Resolve(outputNames, path.Segments[0].Name.Text, path.Segments[0].Name.Quoted, out _) is not null)
            {
                continue;
            }

            Expression(term.Expression, scope);
        }

        Optional(query.Limit, scope);
        Optional(query.Offset, scope);

        // The other selects of a compound have sources of their own.
        foreach (CompoundPart part in query.Compound)
        {
            Query(part.Query, outer);
        }
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
            case ExistsExpression exists:
                Query(exists.Query, scope);
                break;
            case CaseExpression conditional:
                Optional(conditional.Operand, scope);
                foreach (CaseBranch branch in conditional.Branches)
                {
                    Expression(branch.When, scope);
                    Expression(branch.Then, scope);
                }

                Optional(conditional.Else, scope);
                break;
            case CastExpression cast:
                Expression(cast.Operand, scope);
                break;
            case CollateExpression collate:
                Expression(collate.Operand, scope);
                break;
            case IsExpression isExpression:
                Expression(isExpression.Left, scope);
                Expression(isExpression.Right, scope);
                break;
            case GlobExpression glob:
                Expression(glob.Operand, scope);
                Expression(glob.Pattern, scope);
                break;
        }
    }

    /// <summary>A FROM or JOIN source, named as the binder names it: its alias, else the collection's own name.</summary>
    private void Add(Scope scope, SqlName collection, SqlName? alias)
    {
        FieldNode? fields = Collection(collection);
        _schema.Find(collection.Text, collection.Quoted, out string? resolved, out _);
        string name = resolved ?? collection.Text;
        scope.Sources.Add(new Source(alias?.Text ?? name, name, fields));
    }

    private void Path(PathExpression path, Scope scope)
    {
        PathHead<Source> head = scope.Names.ResolveHead(path);
        Source? source = head.Source;
        int first = head.Kind == PathHeadKind.Qualified ? 1 : 0;
        if (head.Kind == PathHeadKind.Unknown)
        {
            SqlName name = path.Segments[0].Name;
            _problems.Add(new SqlNameProblem(name.Span, IsCollection: false, name.Text, scope.Names.UnknownFieldPlace(s => s.Collection)));
            return;
        }

        if (head.Kind is not (PathHeadKind.Field or PathHeadKind.Qualified) || source is null)
        {
            return;
        }

        FieldNode? level = source.Fields;
        for (int i = first; i < path.Segments.Length && level is { IsOpen: false }; i++)
        {
            SqlName name = path.Segments[i].Name;
            string? resolved = SqlNameMatch.Resolve(level.Names, name.Text, name.Quoted, out IReadOnlyList<string> ambiguous);
            if (resolved is null)
            {
                if (ambiguous.Count == 0)
                {
                    _problems.Add(new SqlNameProblem(name.Span, IsCollection: false, name.Text, level.Description));
                }

                return;
            }

            level = level[resolved];
        }
    }

    /// <summary>A source: its alias, its collection's name, and its fields (null for a collection outside the model).</summary>
    private sealed record Source(string Alias, string Collection, FieldNode? Fields);

    /// <summary>The sources of one query level, resolved by the binder's rules, and the level around it.</summary>
    private sealed class Scope
    {
        public Scope(Scope? outer) =>
            Names = new SourceScope<Source>(Sources, static s => s.Alias, FieldOf, outer?.Names, ambiguous: null);

        public List<Source> Sources { get; } = new();

        public SourceScope<Source> Names { get; }

        /// <summary>
        /// Whether a source has a top-level field, as far as the model tells: unknown outside the model, any
        /// name in a dictionary, the binder's name match otherwise (a name ambiguous in the source counts as
        /// found, so it is skipped like the binder's ambiguity error). The model has no newer names to reload.
        /// </summary>
        private static FieldMatch FieldOf(Source source, SqlName name, bool again)
        {
            if (source.Fields is null)
            {
                return FieldMatch.Unknown;
            }

            if (again)
            {
                return FieldMatch.Missing;
            }

            return source.Fields.IsOpen || SqlNameMatch.Resolve(source.Fields.Names, name.Text, name.Quoted, out IReadOnlyList<string> several) is not null || several.Count > 0
                ? FieldMatch.Found
                : FieldMatch.Missing;
        }
    }
}
