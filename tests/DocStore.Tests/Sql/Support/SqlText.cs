using System.Globalization;
using System.Text;
using DocStore.Sql.Ast;

namespace DocStore.Tests.Sql.Support;

/// <summary>
/// Prints a syntax tree back to SQL that parses to the same tree: every compound expression in
/// parentheses (they create no node), aliases always with AS, quoted names quoted again.
/// </summary>
internal static class SqlText
{
    public static string Print(SqlStatement statement)
    {
        var text = new StringBuilder();
        Statement(text, statement);
        return text.ToString();
    }

    public static string Spelling(BinaryOperator op) => op switch
    {
        BinaryOperator.Or => "OR",
        BinaryOperator.And => "AND",
        BinaryOperator.Equal => "=",
        BinaryOperator.NotEqual => "<>",
        BinaryOperator.Less => "<",
        BinaryOperator.LessOrEqual => "<=",
        BinaryOperator.Greater => ">",
        BinaryOperator.GreaterOrEqual => ">=",
        BinaryOperator.Concat => "||",
        BinaryOperator.Add => "+",
        BinaryOperator.Subtract => "-",
        BinaryOperator.Multiply => "*",
        BinaryOperator.Divide => "/",
        _ => "%",
    };

    private static void Statement(StringBuilder text, SqlStatement statement)
    {
        switch (statement)
        {
            case SelectStatement select:
                Query(text, select.Query);
                break;
            case InsertStatement insert:
                text.Append("INSERT INTO ").Append(Name(insert.Collection));
                if (!insert.Columns.IsEmpty)
                {
                    List(text.Append(" ("), insert.Columns).Append(')');
                }

                if (insert.Source is { } source)
                {
                    Query(text.Append(' '), source);
                    break;
                }

                text.Append(" VALUES ");
                for (var i = 0; i < insert.Rows.Length; i++)
                {
                    List(text.Append(i > 0 ? ", (" : "("), insert.Rows[i].Values).Append(')');
                }

                break;
            case UpdateStatement update:
                text.Append("UPDATE ").Append(Name(update.Collection)).Append(" SET ");
                for (var i = 0; i < update.Assignments.Length; i++)
                {
                    Expression(text.Append(i > 0 ? ", " : ""), update.Assignments[i].Target);
                    Expression(text.Append(" = "), update.Assignments[i].Value);
                }

                Clause(text, " WHERE ", update.Where);
                break;
            case DeleteStatement delete:
                Clause(text.Append("DELETE FROM ").Append(Name(delete.Collection)), " WHERE ", delete.Where);
                break;
            case CreateIndexStatement create:
                text.Append(create.Unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ").Append(create.IfNotExists ? "IF NOT EXISTS " : string.Empty).Append(Name(create.Name))
                    .Append(" ON ").Append(Name(create.Collection));
                List(text.Append(" ("), create.Paths).Append(')');
                break;
            case DropIndexStatement drop:
                text.Append("DROP INDEX ").Append(drop.IfExists ? "IF EXISTS " : string.Empty).Append(Name(drop.Collection)).Append('.').Append(Name(drop.Name));
                break;
            case BeginStatement:
                text.Append("BEGIN");
                break;
            case CommitStatement:
                text.Append("COMMIT");
                break;
            case RollbackStatement:
                text.Append("ROLLBACK");
                break;
            case ExplainStatement explain:
                Statement(text.Append("EXPLAIN "), explain.Statement);
                break;
            default:
                throw new InvalidOperationException(statement.GetType().Name);
        }
    }

    private static void Query(StringBuilder text, SelectQuery query)
    {
        text.Append(query.Distinct ? "SELECT DISTINCT " : "SELECT ");
        for (var i = 0; i < query.Items.Length; i++)
        {
            text.Append(i > 0 ? ", " : "");
            switch (query.Items[i])
            {
                case AllColumnsItem:
                    text.Append('*');
                    break;
                case SourceColumnsItem source:
                    text.Append(Name(source.Source)).Append(".*");
                    break;
                case ExpressionItem item:
                    Expression(text, item.Expression);
                    text.Append(item.Alias is null ? "" : " AS " + Name(item.Alias));
                    break;
            }
        }

        if (query.From is not null)
        {
            Source(text.Append(" FROM "), query.From);
        }

        foreach (var join in query.Joins)
        {
            Source(text.Append(join.Kind switch { JoinKind.Inner => " JOIN ", JoinKind.Cross => " CROSS JOIN ", _ => " LEFT JOIN " }), join.Source);
            Clause(text, " ON ", join.On);
            if (!join.Using.IsEmpty)
            {
                text.Append(" USING (").AppendJoin(", ", join.Using.Select(Name)).Append(')');
            }
        }

        Clause(text, " WHERE ", query.Where);
        if (!query.GroupBy.IsEmpty)
        {
            List(text.Append(" GROUP BY "), query.GroupBy);
        }

        Clause(text, " HAVING ", query.Having);
        foreach (var part in query.Compound)
        {
            text.Append(part.Operator switch { CompoundOperator.UnionAll => " UNION ALL ", CompoundOperator.Except => " EXCEPT ", CompoundOperator.Intersect => " INTERSECT ", _ => " UNION " });
            Query(text, part.Query);
        }

        for (var i = 0; i < query.OrderBy.Length; i++)
        {
            Expression(text.Append(i > 0 ? ", " : " ORDER BY "), query.OrderBy[i].Expression);
            text.Append(query.OrderBy[i].Descending ? " DESC" : "");
        }

        Clause(text, " LIMIT ", query.Limit);
        Clause(text, " OFFSET ", query.Offset);
    }

    private static void Source(StringBuilder text, TableSource source)
    {
        if (source.Subquery is not null)
        {
            Query(text.Append('('), source.Subquery);
            text.Append(source.Alias is null ? ")" : ") AS " + Name(source.Alias));
            return;
        }

        text.Append(Name(source.Collection));
        text.Append(source.Alias is null ? "" : " AS " + Name(source.Alias));
    }

    private static StringBuilder Clause(StringBuilder text, string keyword, SqlExpression? expression)
    {
        if (expression is not null)
        {
            Expression(text.Append(keyword), expression);
        }

        return text;
    }

    private static StringBuilder List(StringBuilder text, IEnumerable<SqlExpression> items)
    {
        var first = true;
        foreach (var item in items)
        {
            Expression(text.Append(first ? "" : ", "), item);
            first = false;
        }

        return text;
    }

    private static string Name(SqlName name) => name.Quoted ? $"\"{name.Text.Replace("\"", "\"\"", StringComparison.Ordinal)}\"" : name.Text;

    private static void Expression(StringBuilder text, SqlExpression expression)
    {
        switch (expression)
        {
            case IntegerLiteral integer:
                text.Append(integer.Value.ToString(CultureInfo.InvariantCulture));
                break;
            case RealLiteral real:
                var digits = real.Value.ToString("R", CultureInfo.InvariantCulture);
                text.Append(digits).Append(digits.Contains('.') || digits.Contains('E') ? "" : ".0");
                break;
            case StringLiteral str:
                text.Append('\'').Append(str.Value.Replace("'", "''", StringComparison.Ordinal)).Append('\'');
                break;
            case BooleanLiteral boolean:
                text.Append(boolean.Value ? "TRUE" : "FALSE");
                break;
            case NullLiteral:
                text.Append("NULL");
                break;
            case DocumentLiteral document:
                text.Append(document.Json);
                break;
            case ParameterExpression parameter:
                text.Append(parameter.Style switch
                {
                    ParameterStyle.At => "@" + parameter.Name,
                    ParameterStyle.Dollar => "$" + parameter.Name,
                    ParameterStyle.Colon => ":" + parameter.Name,
                    _ => "?",
                });
                break;
            case PathExpression path:
                text.AppendJoin('.', path.Segments.Select(s => Name(s.Name) + (s.AnyElement ? "[]" : "")));
                break;
            case FunctionCall call:
                text.Append(Name(call.Name)).Append('(').Append(call.Star ? "*" : "").Append(call.Distinct ? "DISTINCT " : "");
                List(text, call.Arguments).Append(')');
                break;
            case ScalarSubquery subquery:
                Query(text.Append('('), subquery.Query);
                text.Append(')');
                break;
            case UnaryExpression unary:
                // Always parenthesized: "-" before "-5" would otherwise print "--", a comment.
                text.Append(unary.Operator switch { UnaryOperator.Negate => "-(", UnaryOperator.Plus => "+(", _ => "(NOT (" });
                Expression(text, unary.Operand);
                text.Append(unary.Operator == UnaryOperator.Not ? "))" : ")");
                break;
            case BinaryExpression binary:
                Expression(text.Append('('), binary.Left);
                Expression(text.Append(' ').Append(Spelling(binary.Operator)).Append(' '), binary.Right);
                text.Append(')');
                break;
            case IsNullExpression isNull:
                Expression(text.Append('('), isNull.Operand);
                text.Append(isNull.Negated ? " IS NOT NULL)" : " IS NULL)");
                break;
            case InListExpression inList:
                Expression(text.Append('('), inList.Operand);
                List(text.Append(inList.Negated ? " NOT IN (" : " IN ("), inList.Items).Append("))");
                break;
            case InSubqueryExpression inQuery:
                Expression(text.Append('('), inQuery.Operand);
                Query(text.Append(inQuery.Negated ? " NOT IN (" : " IN ("), inQuery.Query);
                text.Append("))");
                break;
            case BetweenExpression between:
                Expression(text.Append('('), between.Operand);
                Expression(text.Append(between.Negated ? " NOT BETWEEN (" : " BETWEEN ("), between.Low);
                Expression(text.Append(") AND ("), between.High);
                text.Append("))");
                break;
            case LikeExpression like:
                Expression(text.Append('('), like.Operand);
                Expression(text.Append(like.Negated ? " NOT LIKE (" : " LIKE ("), like.Pattern);
                text.Append("))");
                break;
            case CaseExpression conditional:
                text.Append("(CASE");
                if (conditional.Operand is not null)
                {
                    Expression(text.Append(' '), conditional.Operand);
                }

                foreach (var branch in conditional.Branches)
                {
                    Expression(text.Append(" WHEN "), branch.When);
                    Expression(text.Append(" THEN "), branch.Then);
                }

                if (conditional.Else is not null)
                {
                    Expression(text.Append(" ELSE "), conditional.Else);
                }

                text.Append(" END)");
                break;
            case CastExpression cast:
                Expression(text.Append("CAST("), cast.Operand);
                text.Append(" AS ").Append(cast.TypeName).Append(')');
                break;
            case ExistsExpression exists:
                Query(text.Append("EXISTS ("), exists.Query);
                text.Append(')');
                break;
            case IsExpression isExpression:
                Expression(text.Append('('), isExpression.Left);
                Expression(text.Append(isExpression.Negated ? " IS NOT (" : " IS ("), isExpression.Right);
                text.Append("))");
                break;
            case GlobExpression glob:
                Expression(text.Append('('), glob.Operand);
                Expression(text.Append(glob.Negated ? " NOT GLOB (" : " GLOB ("), glob.Pattern);
                text.Append("))");
                break;
            case CollateExpression collate:
                Expression(text.Append('('), collate.Operand);
                text.Append(collate.NoCase ? " COLLATE NOCASE)" : collate.RTrim ? " COLLATE RTRIM)" : " COLLATE BINARY)");
                break;
            default:
                throw new InvalidOperationException(expression.GetType().Name);
        }
    }
}
