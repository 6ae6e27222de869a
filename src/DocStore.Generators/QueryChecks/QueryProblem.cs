using Microsoft.CodeAnalysis;

namespace DocStore.Generators.QueryChecks;

/// <summary>A part of a query that the run-time translation refuses, and why.</summary>
internal sealed record QueryProblem(SyntaxNode Syntax, string Reason);
