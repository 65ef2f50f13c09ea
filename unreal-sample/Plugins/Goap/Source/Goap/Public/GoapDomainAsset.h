#pragma once

#include "CoreMinimal.h"
#include "Engine/DataAsset.h"
#if WITH_EDITOR
#include "Misc/DataValidation.h"
#endif
#include "GoapDomainAsset.generated.h"

/** The names a domain declares, in id order (goals: in file order, the order of goap::Agent::goal_at), as the library reads them back. */
struct GOAP_API FGoapDomainNames
{
	TArray<FString> Facts;
	TArray<FString> Vars;
	TArray<FString> Actions;
	TArray<FString> Goals;
};

/**
 * A GOAP domain: facts, actions (preconditions, effects, costs), a start state and the goals
 * of its agents, as the JSON text of a domain file (the goap repository's README, section
 * "Domain files"; check one with `goap lint FILE`). The text is parsed by the library when an agent first
 * needs the domain in a world; Validate parses it now, and the editor's data validation
 * (IsDataValid) reports the library's errors and lint warnings with line:column.
 * Threads: game thread (Validate and ValidateJson are safe on any thread).
 */
UCLASS(BlueprintType)
class GOAP_API UGoapDomainAsset : public UDataAsset
{
	GENERATED_BODY()

public:
	/** The domain file's text (JSON, UTF-8 once converted). Worlds that loaded it keep the version they loaded. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (MultiLine = true))
	FString DomainJson;

#if WITH_EDITORONLY_DATA
	/**
	 * Where DomainJson was last loaded from, relative to the project directory (informational;
	 * a file outside the project keeps its name only). Editor-only: not in cooked data.
	 */
	UPROPERTY(VisibleAnywhere, Category = "GOAP")
	FString SourceFile;
#endif

	/**
	 * Replaces DomainJson with the file's text if the library accepts it; a relative path is
	 * taken from the project's Content directory. On failure nothing changes and OutError holds
	 * why (the library's message gives line:column).
	 */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool LoadFromJsonFile(const FString& Path, FString& OutError);

	/** A new domain asset (outer: Outer, or the transient package) from a file, or null with OutError. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	static UGoapDomainAsset* CreateFromJsonFile(UObject* Outer, const FString& Path, FString& OutError);

	/** Parses DomainJson with the library; false with its message (line:column) when it is invalid. It parses: an exec node. */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP")
	bool Validate(FString& OutError) const;

	/**
	 * The library's validator (goap::validate) on DomainJson: OutErrors (at most one: the first
	 * error of a file that does not load) and OutWarnings (lint findings), each "line:column:
	 * message". True when there is no error; false also when the library fails (OutErrors says why).
	 */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP")
	bool Lint(TArray<FString>& OutErrors, TArray<FString>& OutWarnings) const;

	/** Lint for any text (engine-independent apart from FString; any thread). */
	static bool LintJson(const FString& Json, TArray<FString>& OutErrors, TArray<FString>& OutWarnings);

#if WITH_EDITOR
	/** The editor's data validation: Lint's errors as errors and its warnings as warnings. */
	virtual EDataValidationResult IsDataValid(class FDataValidationContext& Context) const override;
#endif

	/** The fact, variable, action and goal names of DomainJson, read back from the library (call on valid text). */
	bool ReadNames(FGoapDomainNames& OutNames, FString& OutError) const;

	/** Validate for any text: empty OutError when the library accepts it. */
	static bool ValidateJson(const FString& Json, FString& OutError);
};
