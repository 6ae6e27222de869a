using System.Globalization;
using System.Text;
using DocStore.Sql.Ast;

namespace DocStore.Tests.Sql.Support;

/// <summary>
/// Prints a syntax tree as a compact S-expression for assertions: operators prefix, every node in
/// parentheses, so precedence and structure are visible at a glance. Spans are not printed.
/// </summary>
internal static class SExpression
{
    public static string Print(SqlStatement statement)
    {
        var text = new StringBuilder();
        Statement(text, statement);
        return text.ToString();
    }

    public static string Print(SqlExpression expression)
    {
        var text = new StringBuilder();
        Expression(text, expression);
        return text.ToString();
    }

    private static void Statement(StringBuilder text, SqlStatement statement)
    {
        switch (statement)
        {
            case SelectStatement select:
                Query(text, select.Query);
                break;
            case InsertStatement insert:
                text.Append("(insert ").Append(Name(insert.Collection));
                if (!insert.Columns.IsEmpty)
                {
                    text.Append(" (columns");
                    foreach (var column in insert.Columns)
                    {
                        Expression(text.Append(' '), column);
                    }

                    text.Append(')');
                }

                foreach (var row in insert.Rows)
                {
                    List(text.Append(" (row"), row.Values).Append(')');
                }

                if (insert.Source is { } source)
                {
                    Query(text.Append(' '), source);
                }

                text.Append(')');
                break;
            case UpdateStatement update:
                text.Append("(update ").Append(Name(update.Collection));
                foreach (var assignment in update.Assignments)
                {
                    Expression(text.Append(" (set "), assignment.Target);
                    Expression(text.Append(' '), assignment.Value);
                    text.Append(')');
                }

                Clause(text, "where", update.Where).Append(')');
                break;
            case DeleteStatement delete:
                Clause(text.Append("(delete ").Append(Name(delete.Collection)), "where", delete.Where).Append(')');
                break;
            case CreateIndexStatement create:
                text.Append(create.Unique ? "(create-unique-index " : "(create-index ")
                    .Append(create.IfNotExists ? "if-not-exists " : string.Empty)
                    .Append(Name(create.Name)).Append(' ').Append(Name(create.Collection));
                foreach (var path in create.Paths)
                {
                    Expression(text.Append(' '), path);
                }

                text.Append(')');
                break;
            case DropIndexStatement drop:
                text.Append("(drop-index ").Append(drop.IfExists ? "if-exists " : string.Empty).Append(Name(drop.Collection)).Append(' ').Append(Name(drop.Name)).Append(')');
                break;
            case BeginStatement:
                text.Append("(begin)");
                break;
            case CommitStatement:
                text.Append("(commit)");
                break;
            case RollbackStatement:
                text.Append("(rollback)");
                break;
            case ExplainStatement explain:
                Statement(text.Append("(explain "), explain.Statement);
                text.Append(')');
                break;
            default:
                throw new InvalidOperationException(statement.GetType().Name);
        }
    }

    private static void Query(StringBuilder text, SelectQuery query)
    {
        text.Append(query.Distinct ? "(select-distinct (" : "(select (");
        for (var i = 0; i < query.Items.Length; i++)
        {
            text.Append(i > 0 ? " " : "");
            switch (query.Items[i])
            {
                case AllColumnsItem:
                    text.Append('*');
                    break;
                case SourceColumnsItem source:
                    text.Append(Name(source.Source)).Append(".*");
                    break;
                case ExpressionItem { Alias: null } item:
                    Expression(text, item.Expression);
                    break;
                case ExpressionItem item:
                    Expression(text.Append("(as "), item.Expression);
                    text.Append(' ').Append(Name(item.Alias!)).Append(')');
                    break;
            }
        }

        text.Append(')');
        if (query.From is not null)
        {
            Source(text.Append(" (from "), query.From).Append(')');
        }

        foreach (var join in query.Joins)
        {
            Source(text.Append(join.Kind switch { JoinKind.Inner => " (join ", JoinKind.Cross => " (cross-join ", _ => " (left-join " }), join.Source);
            if (join.On is not null)
            {
                Expression(text.Append(' '), join.On);
            }

            if (!join.Using.IsEmpty)
            {
                text.Append(" (using ").AppendJoin(' ', join.Using.Select(Name)).Append(')');
            }

            text.Append(')');
        }

        Clause(text, "where", query.Where);
        if (!query.GroupBy.IsEmpty)
        {
            List(text.Append(" (group-by"), query.GroupBy).Append(')');
        }

        Clause(text, "having", query.Having);
        foreach (var part in query.Compound)
        {
            text.Append(" (").Append(part.Operator.ToString().ToLowerInvariant()).Append(' ');
            Query(text, part.Query);
            text.Append(')');
        }

        if (!query.OrderBy.IsEmpty)
        {
            text.Append(" (order-by");
            foreach (var term in query.OrderBy)
            {
                Expression(text.Append(term.Descending ? " (desc " : " (asc "), term.Expression);
                text.Append(')');
            }

            text.Append(')');
        }

        Clause(text, "limit", query.Limit);
        Clause(text, "offset", query.Offset).Append(')');
    }

    private static StringBuilder Source(StringBuilder text, TableSource source)
    {
        if (source.Subquery is not null)
        {
            Query(text, source.Subquery);
            return source.Alias is null ? text : text.Append(' ').Append(Name(source.Alias));
        }

        text.Append(Name(source.Collection));
        return source.Alias is null ? text : text.Append(' ').Append(Name(source.Alias));
    }

    private static StringBuilder Clause(StringBuilder text, string name, SqlExpression? expression)
    {
        if (expression is not null)
        {
            Expression(text.Append(" (").Append(name).Append(' '), expression);
            text.Append(')');
        }

        return text;
    }

    private static StringBuilder List(StringBuilder text, IEnumerable<SqlExpression> items)
    {
        foreach (var item in items)
        {
            Expression(text.Append(' '), item);
        }

        return text;
    }

    private static string Name(SqlName name) => name.Quoted ? $"\"{name.Text}\"" : name.Text;

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
                text.Append('\'').Append(str.Value).Append('\'');
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
                    _ => "?" + parameter.Position.ToString(CultureInfo.InvariantCulture),
                });
                break;
            case PathExpression path:
                text.AppendJoin('.', path.Segments.Select(s => Name(s.Name) + (s.AnyElement ? "[]" : "")));
                break;
            case FunctionCall call:
                text.Append("(call ").Append(Name(call.Name)).Append(call.Star ? " *" : "").Append(call.Distinct ? " DISTINCT" : "");
                List(text, call.Arguments).Append(')');
                break;
            case ScalarSubquery subquery:
                Query(text, subquery.Query);
                break;
            case UnaryExpression unary:
                text.Append(unary.Operator switch { UnaryOperator.Negate => "(- ", UnaryOperator.Plus => "(+ ", _ => "(NOT " });
                Expression(text, unary.Operand);
                text.Append(')');
                break;
            case BinaryExpression binary:
                text.Append('(').Append(SqlText.Spelling(binary.Operator)).Append(' ');
                Expression(text, binary.Left);
                Expression(text.Append(' '), binary.Right);
                text.Append(')');
                break;
            case IsNullExpression isNull:
                Expression(text.Append(isNull.Negated ? "(IS-NOT-NULL " : "(IS-NULL "), isNull.Operand);
                text.Append(')');
                break;
            case InListExpression inList:
                Expression(text.Append(inList.Negated ? "(NOT-IN " : "(IN "), inList.Operand);
                List(text.Append(" (list"), inList.Items).Append("))");
                break;
            case InSubqueryExpression inQuery:
                Expression(text.Append(inQuery.Negated ? "(NOT-IN " : "(IN "), inQuery.Operand);
                Query(text.Append(' '), inQuery.Query);
                text.Append(')');
                break;
            case BetweenExpression between:
                Expression(text.Append(between.Negated ? "(NOT-BETWEEN " : "(BETWEEN "), between.Operand);
                Expression(text.Append(' '), between.Low);
                Expression(text.Append(' '), between.High);
                text.Append(')');
                break;
            case LikeExpression like:
                Expression(text.Append(like.Negated ? "(NOT-LIKE " : "(LIKE "), like.Operand);
                Expression(text.Append(' '), like.Pattern);
                text.Append(')');
                break;
            case CaseExpression conditional:
                text.Append("(case");
                if (conditional.Operand is not null)
                {
                    Expression(text.Append(' '), conditional.Operand);
                }

                foreach (var branch in conditional.Branches)
                {
                    Expression(text.Append(" (when "), branch.When);
                    Expression(text.Append(' '), branch.Then);
                    text.Append(')');
                }

                if (conditional.Else is not null)
                {
                    Expression(text.Append(" (else "), conditional.Else);
                    text.Append(')');
                }

                text.Append(')');
                break;
            case CastExpression cast:
                Expression(text.Append("(cast "), cast.Operand);
                text.Append(" '").Append(cast.TypeName).Append("')");
                break;
            case ExistsExpression exists:
                Query(text.Append("(exists "), exists.Query);
                text.Append(')');
                break;
            case IsExpression isExpression:
                Expression(text.Append(isExpression.Negated ? "(IS-NOT " : "(IS "), isExpression.Left);
                Expression(text.Append(' '), isExpression.Right);
                text.Append(')');
                break;
            case GlobExpression glob:
                Expression(text.Append(glob.Negated ? "(NOT-GLOB " : "(GLOB "), glob.Operand);
                Expression(text.Append(' '), glob.Pattern);
                text.Append(')');
                break;
            case CollateExpression collate:
                Expression(text.Append("(collate "), collate.Operand);
                text.Append(collate.NoCase ? " NOCASE)" : collate.RTrim ? " RTRIM)" : " BINARY)");
                break;
            default:
                throw new InvalidOperationException(expression.GetType().Name);
        }
    }
}
